.intel_syntax noprefix
vmovd eax, xmm1
vmovd ecx, xmm2
popcnt r8, r9
popcnt r10, r11
