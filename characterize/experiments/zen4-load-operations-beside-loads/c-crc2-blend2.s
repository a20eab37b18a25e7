.intel_syntax noprefix
vblendpd ymm4, ymm0, YMMWORD PTR [r14+0x200], 7
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x280]
vblendpd ymm7, ymm0, YMMWORD PTR [r14+0x300], 7
xor edx, edx
crc32 edx, DWORD PTR [r14+0x380]
