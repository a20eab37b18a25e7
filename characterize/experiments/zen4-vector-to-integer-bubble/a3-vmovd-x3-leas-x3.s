.intel_syntax noprefix
vmovd eax, xmm1
vmovd ecx, xmm2
vmovd edx, xmm3
lea r8, [r9+8]
lea r10, [r9+8]
lea r11, [r9+8]
