.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x60]
vandps ymm8, ymm0, ymm0
vandps ymm9, ymm0, ymm0
vandps ymm10, ymm0, ymm0
