.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x200]
vmovdqu ymm1, YMMWORD PTR [r14+0x240]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x280]
vmovdqu ymm2, YMMWORD PTR [r14+0x2c0]
