.intel_syntax noprefix
movzx rdx, WORD PTR [r14]
add r8d, 1
add r9d, 1
mov ebx, DWORD PTR [r14+0x80]
add r10d, 1
movzx rsi, WORD PTR [r14+0x100]
add r11d, 1
add r12d, 1
