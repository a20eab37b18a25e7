.intel_syntax noprefix
pextrd eax, xmm1, 1
movmskps ecx, xmm2
