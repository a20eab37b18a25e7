.intel_syntax noprefix
vpor xmm1, xmm13, xmm14
mov eax, 1
vpor xmm2, xmm13, xmm14
mov eax, 1
vpor xmm3, xmm13, xmm14
mov eax, 1
vpor xmm4, xmm13, xmm14
mov eax, 1
vpor xmm5, xmm13, xmm14
mov eax, 1
vpor xmm6, xmm13, xmm14
mov eax, 1
vpor xmm7, xmm13, xmm14
mov eax, 1
vpor xmm8, xmm13, xmm14
mov eax, 1
vpor xmm9, xmm13, xmm14
mov eax, 1
vpor xmm10, xmm13, xmm14
mov eax, 1
vpor xmm11, xmm13, xmm14
mov eax, 1
vpor xmm12, xmm13, xmm14
mov eax, 1
