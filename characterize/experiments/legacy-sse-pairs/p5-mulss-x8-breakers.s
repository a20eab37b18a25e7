.intel_syntax noprefix
xorps xmm2, xmm2
mulss xmm2, xmm1
xorps xmm3, xmm3
mulss xmm3, xmm1
xorps xmm4, xmm4
mulss xmm4, xmm1
xorps xmm5, xmm5
mulss xmm5, xmm1
