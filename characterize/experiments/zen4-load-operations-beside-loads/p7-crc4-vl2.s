.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x240]
vmovdqu xmm1, XMMWORD PTR [r14+0x380]
xor ebx, ebx
crc32 ebx, DWORD PTR [r14+0x280]
xor esi, esi
crc32 esi, DWORD PTR [r14+0x2c0]
vmovdqu xmm2, XMMWORD PTR [r14+0x3c0]
