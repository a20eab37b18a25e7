.intel_syntax noprefix
movmskps eax, xmm1
and r8d, 7
and r10d, 7
and r11d, 7
and r12d, 7
