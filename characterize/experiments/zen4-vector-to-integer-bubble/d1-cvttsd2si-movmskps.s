.intel_syntax noprefix
cvttsd2si eax, xmm1
movmskps ecx, xmm2
