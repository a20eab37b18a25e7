.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vpaddd ymm4, ymm1, ymm0
vmovdqu ymm2, YMMWORD PTR [r14+0x40]
vpaddd ymm5, ymm2, ymm0
vmovdqu ymm3, YMMWORD PTR [r14+0x80]
vpaddd ymm6, ymm3, ymm0
