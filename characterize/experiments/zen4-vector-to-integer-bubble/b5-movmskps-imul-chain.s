.intel_syntax noprefix
movmskps eax, xmm1
imul rbx, rcx
