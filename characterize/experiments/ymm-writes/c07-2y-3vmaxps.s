.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x60]
vmaxps ymm8, ymm0, ymm0
vmaxps ymm9, ymm0, ymm0
vmaxps ymm10, ymm0, ymm0
