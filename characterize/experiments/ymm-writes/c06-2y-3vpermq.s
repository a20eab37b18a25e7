.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x60]
vpermq ymm8, ymm0, 1
vpermq ymm9, ymm0, 1
vpermq ymm10, ymm0, 1
