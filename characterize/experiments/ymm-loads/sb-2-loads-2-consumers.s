vmovdqu ymm2, YMMWORD PTR [r14]
vmovdqu ymm3, YMMWORD PTR [r14+0x40]
vpaddd ymm6, ymm2, ymm1
vpaddd ymm7, ymm3, ymm1
