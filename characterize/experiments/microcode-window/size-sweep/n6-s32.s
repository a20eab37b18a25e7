.intel_syntax noprefix
rcr bx, 7
add r8d, 0x1000
add r9d, 0x1000
add r10d, 1
add r11d, 1
add eax, 1
add ecx, 1
