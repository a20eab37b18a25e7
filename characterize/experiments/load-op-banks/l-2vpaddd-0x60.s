.intel_syntax noprefix
vpaddd ymm4, ymm2, YMMWORD PTR [r14]
vpaddd ymm5, ymm2, YMMWORD PTR [r14+0x60]
