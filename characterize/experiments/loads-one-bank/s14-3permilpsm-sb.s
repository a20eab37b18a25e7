.intel_syntax noprefix
vpermilps ymm1, YMMWORD PTR [r14+0x0], 7
vpermilps ymm2, YMMWORD PTR [r14+0x40], 7
vpermilps ymm3, YMMWORD PTR [r14+0x80], 7
