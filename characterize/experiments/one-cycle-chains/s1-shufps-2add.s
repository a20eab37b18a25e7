.intel_syntax noprefix
shufps xmm2, xmm1, 0x1b
shufps xmm3, xmm1, 0x1b
add rax, 1
add rdx, 1
