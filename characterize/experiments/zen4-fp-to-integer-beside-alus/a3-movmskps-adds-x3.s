.intel_syntax noprefix
movmskps eax, xmm1
add rbx, rcx
add rdx, rcx
add rsi, rcx
