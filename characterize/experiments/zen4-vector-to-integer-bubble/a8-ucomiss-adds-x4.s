.intel_syntax noprefix
ucomiss xmm0, xmm1
add rbx, rcx
add rdx, rcx
add rsi, rcx
add rdi, rcx
