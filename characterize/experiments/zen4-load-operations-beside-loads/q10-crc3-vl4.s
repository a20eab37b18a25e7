.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x240]
xor ebx, ebx
crc32 ebx, DWORD PTR [r14+0x280]
vmovdqu xmm1, XMMWORD PTR [r14+0x300]
vmovdqu xmm2, XMMWORD PTR [r14+0x340]
vmovdqu xmm3, XMMWORD PTR [r14+0x380]
vmovdqu xmm4, XMMWORD PTR [r14+0x3c0]
