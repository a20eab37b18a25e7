.intel_syntax noprefix
vpxor xmm2, xmm2, xmm2
vpxor xmm3, xmm3, xmm3
vpshufb xmm4, xmm5, xmm6
vpshufb xmm7, xmm5, xmm6
