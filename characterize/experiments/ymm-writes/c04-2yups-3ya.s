.intel_syntax noprefix
vmovups ymm1, YMMWORD PTR [r14+0x0]
vmovups ymm2, YMMWORD PTR [r14+0x60]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
