.intel_syntax noprefix
add r8, rdx
add r9, rdx
add r10, rdx
add r11, rdx
add r12, rdx
add r13, rdx
add r15, rdx
add rbx, rdx
