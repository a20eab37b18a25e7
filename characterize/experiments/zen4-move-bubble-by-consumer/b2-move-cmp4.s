.intel_syntax noprefix
movmskps eax, xmm1
cmp rcx, rdx
cmp rsi, rdx
cmp rdi, rdx
cmp r8, rdx
