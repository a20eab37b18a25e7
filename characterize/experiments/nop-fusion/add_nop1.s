.intel_syntax noprefix
add r8, rdx
nop
add r9, rdx
nop
add r10, rdx
nop
add r11, rdx
nop
add r12, rdx
nop
add r13, rdx
nop
add r14, rdx
nop
add r15, rdx
nop
add rbx, rdx
nop
add rsi, rdx
nop
add rdi, rdx
nop
add rbp, rdx
nop
