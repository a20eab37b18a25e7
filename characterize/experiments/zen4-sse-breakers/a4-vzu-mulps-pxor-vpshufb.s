.intel_syntax noprefix
vzeroupper
pxor xmm2, xmm2
mulps xmm2, xmm1
pxor xmm3, xmm3
mulps xmm3, xmm1
vpshufb xmm4, xmm5, xmm6
vpshufb xmm7, xmm5, xmm6
