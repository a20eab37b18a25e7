.intel_syntax noprefix
vmovmskps eax, xmm0
shlx r8, rdx, rcx
shlx r9, rdx, rcx
