.intel_syntax noprefix
vpor xmm1, xmm13, xmm14
xor eax, eax
vpor xmm2, xmm13, xmm14
xor eax, eax
vpor xmm3, xmm13, xmm14
xor eax, eax
vpor xmm4, xmm13, xmm14
xor eax, eax
vpor xmm5, xmm13, xmm14
xor eax, eax
vpor xmm6, xmm13, xmm14
xor eax, eax
vpor xmm7, xmm13, xmm14
xor eax, eax
vpor xmm8, xmm13, xmm14
xor eax, eax
vpor xmm9, xmm13, xmm14
xor eax, eax
vpor xmm10, xmm13, xmm14
xor eax, eax
vpor xmm11, xmm13, xmm14
xor eax, eax
vpor xmm12, xmm13, xmm14
xor eax, eax
