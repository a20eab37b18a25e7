.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
vpaddd ymm11, ymm0, ymm0
