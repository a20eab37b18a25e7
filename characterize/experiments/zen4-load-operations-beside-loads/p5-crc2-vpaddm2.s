.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
vpaddd xmm1, xmm0, XMMWORD PTR [r14+0x240]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x280]
vpaddd xmm2, xmm0, XMMWORD PTR [r14+0x2c0]
