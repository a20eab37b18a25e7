.intel_syntax noprefix
movzx rdx, WORD PTR [r14]
vmulpd xmm3, xmm0, xmm1
mov ebx, DWORD PTR [r14+0x80]
movzx rsi, WORD PTR [r14+0x100]
vmulpd xmm5, xmm0, xmm1
