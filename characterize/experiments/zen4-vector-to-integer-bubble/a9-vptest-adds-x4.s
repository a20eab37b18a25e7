.intel_syntax noprefix
vptest xmm0, xmm1
add rbx, rcx
add rdx, rcx
add rsi, rcx
add rdi, rcx
