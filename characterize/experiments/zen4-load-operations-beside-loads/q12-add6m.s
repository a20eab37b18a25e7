.intel_syntax noprefix
add ecx, DWORD PTR [r14+0x200]
add edx, DWORD PTR [r14+0x240]
add ebx, DWORD PTR [r14+0x280]
add esi, DWORD PTR [r14+0x2c0]
add edi, DWORD PTR [r14+0x300]
add ebp, DWORD PTR [r14+0x340]
