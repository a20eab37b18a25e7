.intel_syntax noprefix
vpor xmm1, xmm13, xmm14
mov rax, rcx
vpor xmm2, xmm13, xmm14
mov rax, rcx
vpor xmm3, xmm13, xmm14
mov rax, rcx
vpor xmm4, xmm13, xmm14
mov rax, rcx
vpor xmm5, xmm13, xmm14
mov rax, rcx
vpor xmm6, xmm13, xmm14
mov rax, rcx
vpor xmm7, xmm13, xmm14
mov rax, rcx
vpor xmm8, xmm13, xmm14
mov rax, rcx
vpor xmm9, xmm13, xmm14
mov rax, rcx
vpor xmm10, xmm13, xmm14
mov rax, rcx
vpor xmm11, xmm13, xmm14
mov rax, rcx
vpor xmm12, xmm13, xmm14
mov rax, rcx
