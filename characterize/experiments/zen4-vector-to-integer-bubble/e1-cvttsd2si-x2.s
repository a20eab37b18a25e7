.intel_syntax noprefix
cvttsd2si eax, xmm1
cvttsd2si ecx, xmm2
