.intel_syntax noprefix
vpaddd ymm1, ymm0, YMMWORD PTR [r14+0x0]
vpaddd ymm2, ymm0, YMMWORD PTR [r14+0x60]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
