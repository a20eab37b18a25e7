.intel_syntax noprefix
movmskps eax, xmm1
movmskps r12d, xmm2
add rbx, rcx
add rdx, rcx
add rsi, rcx
add rdi, rcx
