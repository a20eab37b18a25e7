.intel_syntax noprefix
add ecx, DWORD PTR [r14+0x200]
add edx, DWORD PTR [r14+0x240]
add ebx, DWORD PTR [r14+0x280]
add esi, DWORD PTR [r14+0x2c0]
mov r8, QWORD PTR [r14+0x300]
mov r9, QWORD PTR [r14+0x340]
