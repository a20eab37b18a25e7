.intel_syntax noprefix
vmovd eax, xmm1
lea r8, [r9+8]
lea r10, [r9+8]
lea r11, [r9+8]
lea r12, [r9+8]
