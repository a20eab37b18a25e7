.intel_syntax noprefix
rcr bx, 7
add r8d, DWORD PTR [r14+0x40]
add r9d, DWORD PTR [r14+0x80]
add r10d, DWORD PTR [r14+0xc0]
add r11d, 0x1000
add r12d, 0x1000
add r13d, 0x1000
