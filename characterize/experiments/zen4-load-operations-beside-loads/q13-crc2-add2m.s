.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
xor eax, eax
add eax, DWORD PTR [r14+0x240]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x280]
xor ebx, ebx
add ebx, DWORD PTR [r14+0x2c0]
