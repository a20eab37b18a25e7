.intel_syntax noprefix
pxor xmm2, xmm2
mulps xmm2, xmm1
pxor xmm3, xmm3
mulps xmm3, xmm1
pshufb xmm4, xmm6
pshufb xmm7, xmm6
