.intel_syntax noprefix
vpshufb ymm1, ymm0, YMMWORD PTR [r14+0x0]
vpshufb ymm2, ymm0, YMMWORD PTR [r14+0x40]
vpshufb ymm3, ymm0, YMMWORD PTR [r14+0x80]
