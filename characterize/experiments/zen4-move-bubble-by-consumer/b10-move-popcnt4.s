.intel_syntax noprefix
movmskps eax, xmm1
popcnt r8, rcx
popcnt r10, rcx
popcnt r11, rcx
popcnt r12, rcx
