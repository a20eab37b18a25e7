.intel_syntax noprefix
vmovd eax, xmm1
movmskps ecx, xmm2
