.intel_syntax noprefix
vmovmskps eax, xmm0
add r8, rdx
add r9, rdx
add r10, rdx
add r11, rdx
