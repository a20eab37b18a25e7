.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x280]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x380]
