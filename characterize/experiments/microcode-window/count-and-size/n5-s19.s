.intel_syntax noprefix
rcr bx, 7
add eax, 1
add ecx, 1
add edx, 1
add esi, 1
add edi, 1
