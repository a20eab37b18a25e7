.intel_syntax noprefix
rcr bx, 7
add r8d, DWORD PTR [r14+0x40]
add r9d, 1
add r10d, 1
add r11d, 1
add r12d, 1
add r13d, 1
