.intel_syntax noprefix
movmskps eax, xmm1
setz r8b
setz r10b
setz r11b
setz r12b
