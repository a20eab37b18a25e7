.intel_syntax noprefix
pextrd eax, xmm1, 1
vmovd ecx, xmm2
