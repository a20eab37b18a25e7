.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x280]
mov rax, QWORD PTR [r14+0x200]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x380]
mov rbx, QWORD PTR [r14+0x300]
