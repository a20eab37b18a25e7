.intel_syntax noprefix
vmovd eax, xmm1
lea r8, [r9+8]
