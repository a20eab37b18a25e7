.intel_syntax noprefix
vblendpd ymm4, ymm0, YMMWORD PTR [r14+0x200], 7
vcmpps ymm5, ymm1, ymm2, 7
xor ecx, ecx
crc32 ecx, esi
vpsrlvq xmm6, xmm3, XMMWORD PTR [r14+0x2c0]
vblendpd ymm7, ymm0, YMMWORD PTR [r14+0x300], 7
vcmpps ymm8, ymm1, ymm2, 7
xor edx, edx
crc32 edx, esi
vpsrlvq xmm9, xmm3, XMMWORD PTR [r14+0x3c0]
