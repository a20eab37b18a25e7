vpaddd ymm2, ymm1, YMMWORD PTR [r14]
vpaddd ymm3, ymm1, YMMWORD PTR [r14+0x20]
vpaddd ymm4, ymm1, YMMWORD PTR [r14+0x40]
vpaddd ymm5, ymm1, YMMWORD PTR [r14+0x60]
nop
nop
