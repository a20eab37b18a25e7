vmovdqu ymm2, YMMWORD PTR [r14]
vmovdqu ymm3, YMMWORD PTR [r14+0x20]
vmovdqu ymm4, YMMWORD PTR [r14+0x40]
vmovdqu ymm5, YMMWORD PTR [r14+0x60]
vpaddd ymm6, ymm2, ymm1
vpaddd ymm7, ymm3, ymm1
vpaddd ymm8, ymm4, ymm1
vpaddd ymm9, ymm5, ymm1
