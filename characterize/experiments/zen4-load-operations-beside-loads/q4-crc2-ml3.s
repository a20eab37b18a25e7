.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
mov rax, QWORD PTR [r14+0x240]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x280]
mov r9, QWORD PTR [r14+0x2c0]
mov r10, QWORD PTR [r14+0x300]
