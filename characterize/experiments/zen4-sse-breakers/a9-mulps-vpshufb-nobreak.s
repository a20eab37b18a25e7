.intel_syntax noprefix
mulps xmm2, xmm1
mulps xmm3, xmm1
mulps xmm8, xmm1
mulps xmm9, xmm1
vpshufb xmm4, xmm5, xmm6
vpshufb xmm7, xmm5, xmm6
vpshufb xmm10, xmm5, xmm6
vpshufb xmm11, xmm5, xmm6
