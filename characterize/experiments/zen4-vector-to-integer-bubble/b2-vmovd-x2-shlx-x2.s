.intel_syntax noprefix
vmovd eax, xmm1
vmovd ecx, xmm2
shlx r8, r9, rdx
shlx r10, r9, rdx
