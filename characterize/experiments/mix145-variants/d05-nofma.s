.intel_syntax noprefix
movzx rdx, WORD PTR [r14]
pext ebx, ecx, DWORD PTR [r14+0x80]
cvtdq2ps xmm4, xmm2
movzx rsi, WORD PTR [r14+0x100]
