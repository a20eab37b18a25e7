.intel_syntax noprefix
rcr bx, 7
add r8d, DWORD PTR [r14+0x40]
add r9d, DWORD PTR [r14+0x80]
add r10d, DWORD PTR [r14+0xc0]
add r11d, DWORD PTR [r14+0x100]
add r12d, DWORD PTR [r14+0x140]
add r13d, DWORD PTR [r14+0x180]
