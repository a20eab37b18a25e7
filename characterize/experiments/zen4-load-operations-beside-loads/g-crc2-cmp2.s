.intel_syntax noprefix
vcmpps ymm5, ymm1, ymm2, 7
xor ecx, ecx
crc32 ecx, DWORD PTR [r14+0x280]
vcmpps ymm8, ymm1, ymm2, 7
xor edx, edx
crc32 edx, DWORD PTR [r14+0x380]
