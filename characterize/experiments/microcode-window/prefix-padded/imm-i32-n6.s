.intel_syntax noprefix
rcr bx, 7
add r8d, 0x12345
add r9d, 0x12345
add r10d, 0x12345
add r11d, 0x12345
add r12d, 0x12345
add r13d, 0x12345
