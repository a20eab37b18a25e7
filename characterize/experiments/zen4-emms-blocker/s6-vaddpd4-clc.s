.intel_syntax noprefix
vaddpd xmm0, xmm8, xmm9
vaddpd xmm1, xmm8, xmm9
vaddpd xmm2, xmm8, xmm9
vaddpd xmm3, xmm8, xmm9
clc
