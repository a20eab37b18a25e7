.intel_syntax noprefix
pxor xmm2, xmm2
pxor xmm3, xmm3
vpshufb xmm4, xmm5, xmm6
vpshufb xmm7, xmm5, xmm6
