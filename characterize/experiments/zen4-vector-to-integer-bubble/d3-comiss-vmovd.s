.intel_syntax noprefix
comiss xmm3, xmm1
vmovd ecx, xmm2
