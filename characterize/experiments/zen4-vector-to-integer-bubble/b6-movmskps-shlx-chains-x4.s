.intel_syntax noprefix
movmskps eax, xmm1
shlx r8, r8, rcx
shlx r9, r9, rcx
shlx r10, r10, rcx
shlx r11, r11, rcx
