.intel_syntax noprefix
movmskps eax, xmm1
lea r8, [r9+8]
lea r10, [r9+8]
lea r11, [r9+8]
lea r12, [r9+8]
