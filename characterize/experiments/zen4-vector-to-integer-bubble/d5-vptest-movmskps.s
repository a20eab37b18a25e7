.intel_syntax noprefix
vptest xmm3, xmm1
movmskps ecx, xmm2
