.intel_syntax noprefix
comiss xmm3, xmm1
movmskps ecx, xmm2
