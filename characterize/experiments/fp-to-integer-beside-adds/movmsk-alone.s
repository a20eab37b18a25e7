.intel_syntax noprefix
vmovmskps eax, xmm0
