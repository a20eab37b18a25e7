.intel_syntax noprefix
vcvttps2dq xmm1, XMMWORD PTR [r14+0x200]
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x240]
pxor xmm2, xmm2
paddq xmm2, xmm0
vcvttps2dq xmm3, XMMWORD PTR [r14+0x2c0]
xor edx, edx
crc32 edx, DWORD PTR [r14+0x300]
