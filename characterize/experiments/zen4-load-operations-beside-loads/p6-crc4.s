.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x240]
xor ebx, ebx
crc32 ebx, DWORD PTR [r14+0x280]
xor esi, esi
crc32 esi, DWORD PTR [r14+0x2c0]
