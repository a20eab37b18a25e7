.intel_syntax noprefix
cvttsd2si eax, xmm1
vmovd ecx, xmm2
