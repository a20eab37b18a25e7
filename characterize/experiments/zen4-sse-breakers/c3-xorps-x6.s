.intel_syntax noprefix
xorps xmm2, xmm2
xorps xmm3, xmm3
xorps xmm4, xmm4
xorps xmm7, xmm7
xorps xmm8, xmm8
xorps xmm9, xmm9
