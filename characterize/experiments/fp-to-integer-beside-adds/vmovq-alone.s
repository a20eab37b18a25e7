.intel_syntax noprefix
vmovq rax, xmm0
