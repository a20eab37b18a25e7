.intel_syntax noprefix
movzx rdx, WORD PTR [r14]
vpxor xmm3, xmm3, xmm3
vpxor xmm4, xmm4, xmm4
mov ebx, DWORD PTR [r14+0x80]
vpxor xmm6, xmm6, xmm6
movzx rsi, WORD PTR [r14+0x100]
vpxor xmm5, xmm5, xmm5
vpxor xmm7, xmm7, xmm7
