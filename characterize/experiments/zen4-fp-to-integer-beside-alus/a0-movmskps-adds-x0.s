.intel_syntax noprefix
movmskps eax, xmm1
