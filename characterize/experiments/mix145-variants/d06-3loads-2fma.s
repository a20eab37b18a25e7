.intel_syntax noprefix
movzx rdx, WORD PTR [r14]
vpxor xmm3, xmm3, xmm3
vfmadd231pd xmm3, xmm0, xmm1
mov ebx, DWORD PTR [r14+0x80]
movzx rsi, WORD PTR [r14+0x100]
vpxor xmm5, xmm5, xmm5
vfmadd231pd xmm5, xmm0, xmm1
