.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
vmovdqu xmm1, XMMWORD PTR [r14+0x240]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x280]
