.intel_syntax noprefix
vpxor ymm4, ymm2, YMMWORD PTR [r14]
lea rbx, [0x1000]
vpxor ymm5, ymm2, YMMWORD PTR [r14+0xe0]
