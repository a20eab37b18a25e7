.intel_syntax noprefix
vmovd eax, xmm1
vmovd ecx, xmm2
