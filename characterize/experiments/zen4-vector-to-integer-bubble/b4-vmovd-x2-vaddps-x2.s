.intel_syntax noprefix
vmovd eax, xmm1
vmovd ecx, xmm2
vaddps xmm4, xmm5, xmm6
vaddps xmm7, xmm5, xmm6
