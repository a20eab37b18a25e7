vpaddd ymm2, ymm1, YMMWORD PTR [r14]
vpaddd ymm3, ymm1, YMMWORD PTR [r14+0x40]
vpaddd ymm4, ymm1, YMMWORD PTR [r14+0x100]
vpaddd ymm5, ymm1, YMMWORD PTR [r14+0x140]
shr rdx, 7
