.intel_syntax noprefix
movmskps eax, xmm1
add rbx, rcx
add rbx, rdx
add rsi, rcx
add rsi, rdx
