.intel_syntax noprefix
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x280]
vpsrlvq xmm6, xmm3, XMMWORD PTR [r14+0x2c0]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x380]
vpsrlvq xmm9, xmm3, XMMWORD PTR [r14+0x3c0]
