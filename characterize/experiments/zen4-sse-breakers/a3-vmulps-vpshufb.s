.intel_syntax noprefix
vmulps xmm2, xmm1, xmm1
vmulps xmm3, xmm1, xmm1
vpshufb xmm4, xmm5, xmm6
vpshufb xmm7, xmm5, xmm6
