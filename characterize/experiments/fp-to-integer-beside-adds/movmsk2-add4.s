.intel_syntax noprefix
vmovmskps eax, xmm0
vmovmskps ecx, xmm1
add r8, rdx
add r9, rdx
add r10, rdx
add r11, rdx
