.intel_syntax noprefix
rcr bx, 7
.byte 0x3e
add eax, 1
.byte 0x3e
add ecx, 1
.byte 0x3e
add edx, 1
.byte 0x3e
add esi, 1
.byte 0x3e
add edi, 1
.byte 0x3e
add ebp, 1
