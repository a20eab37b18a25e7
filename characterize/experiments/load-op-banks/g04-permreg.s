.intel_syntax noprefix
vpmaxsd ymm4, ymm0, YMMWORD PTR [r14]
vpermd ymm5, ymm1, ymm10
vpminub xmm6, xmm2, xmm3
xor ecx, ecx
xor edx, edx
xadd ecx, edx
vpmaxsd ymm7, ymm0, YMMWORD PTR [r14+0x100]
vpermd ymm8, ymm1, ymm10
vpminub xmm9, xmm2, xmm3
