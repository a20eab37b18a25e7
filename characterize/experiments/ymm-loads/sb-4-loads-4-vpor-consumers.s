vmovdqu ymm2, YMMWORD PTR [r14]
vmovdqu ymm3, YMMWORD PTR [r14+0x40]
vmovdqu ymm4, YMMWORD PTR [r14+0x100]
vmovdqu ymm5, YMMWORD PTR [r14+0x140]
vpor ymm6, ymm2, ymm1
vpor ymm7, ymm3, ymm1
vpor ymm8, ymm4, ymm1
vpor ymm9, ymm5, ymm1
