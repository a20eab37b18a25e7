.intel_syntax noprefix
movzx rdx, WORD PTR [r14]
nop
nop
mov ebx, DWORD PTR [r14+0x80]
nop
movzx rsi, WORD PTR [r14+0x100]
nop
nop
