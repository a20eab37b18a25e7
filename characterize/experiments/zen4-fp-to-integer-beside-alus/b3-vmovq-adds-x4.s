.intel_syntax noprefix
vmovq rax, xmm1
add rbx, rcx
add rdx, rcx
add rsi, rcx
add rdi, rcx
