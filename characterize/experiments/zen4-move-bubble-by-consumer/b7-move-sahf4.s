.intel_syntax noprefix
movmskps eax, xmm1
sahf
sahf
sahf
sahf
