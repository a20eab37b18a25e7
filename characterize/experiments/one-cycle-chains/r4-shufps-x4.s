.intel_syntax noprefix
shufps xmm2, xmm1, 0x1b
shufps xmm3, xmm1, 0x1b
shufps xmm4, xmm1, 0x1b
shufps xmm5, xmm1, 0x1b
