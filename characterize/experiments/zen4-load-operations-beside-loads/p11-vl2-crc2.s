.intel_syntax noprefix
vmovdqu xmm1, XMMWORD PTR [r14+0x240]
vmovdqu xmm2, XMMWORD PTR [r14+0x2c0]
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x280]
