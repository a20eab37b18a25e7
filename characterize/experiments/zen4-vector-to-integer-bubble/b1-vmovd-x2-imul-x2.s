.intel_syntax noprefix
vmovd eax, xmm1
vmovd ecx, xmm2
imul r8, r9
imul r10, r9
