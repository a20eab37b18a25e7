.intel_syntax noprefix
xorps xmm2, xmm2
shufps xmm2, xmm1, 0x1b
xorps xmm3, xmm3
shufps xmm3, xmm1, 0x1b
shlx rax, rbx, rcx
shlx rdx, rbx, rcx
