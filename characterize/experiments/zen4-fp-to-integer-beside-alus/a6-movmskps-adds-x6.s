.intel_syntax noprefix
movmskps eax, xmm1
add rbx, rcx
add rdx, rcx
add rsi, rcx
add rdi, rcx
add r8, rcx
add r9, rcx
