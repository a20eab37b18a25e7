.intel_syntax noprefix
movmskps eax, xmm1
add r8, rcx
add r10, rcx
add r11, rcx
add r12, rcx
