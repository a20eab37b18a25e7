.intel_syntax noprefix
pcmpeqd xmm2, xmm2
pcmpeqd xmm3, xmm3
pcmpeqd xmm4, xmm4
pcmpeqd xmm7, xmm7
pcmpeqd xmm8, xmm8
pcmpeqd xmm9, xmm9
