.intel_syntax noprefix
vshufps xmm2, xmm2, xmm1, 0x1b
vshufps xmm3, xmm3, xmm1, 0x1b
shlx rax, rbx, rcx
shlx rdx, rbx, rcx
