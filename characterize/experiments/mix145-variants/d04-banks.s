.intel_syntax noprefix
movzx rdx, WORD PTR [r14]
vpxor xmm3, xmm3, xmm3
vfmadd231pd xmm3, xmm0, xmm1
pext ebx, ecx, DWORD PTR [r14+0x88]
cvtdq2ps xmm4, xmm2
movzx rsi, WORD PTR [r14+0x110]
vpxor xmm5, xmm5, xmm5
vfmadd231pd xmm5, xmm0, xmm1
