.intel_syntax noprefix
vaddps ymm1, ymm0, YMMWORD PTR [r14+0x0]
vaddps ymm2, ymm0, YMMWORD PTR [r14+0x40]
vaddps ymm3, ymm0, YMMWORD PTR [r14+0x80]
