.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
movzx eax, BYTE PTR [r14+0x240]
movzx r8d, BYTE PTR [r14+0x2c0]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x280]
movzx r9d, BYTE PTR [r14+0x300]
movzx r10d, BYTE PTR [r14+0x340]
