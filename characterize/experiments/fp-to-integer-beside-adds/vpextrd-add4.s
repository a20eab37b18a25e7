.intel_syntax noprefix
vpextrd eax, xmm0, 1
add r8, rdx
add r9, rdx
add r10, rdx
add r11, rdx
