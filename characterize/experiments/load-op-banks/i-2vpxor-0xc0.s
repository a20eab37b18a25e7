.intel_syntax noprefix
vpxor ymm4, ymm2, YMMWORD PTR [r14]
vpxor ymm5, ymm2, YMMWORD PTR [r14+0xc0]
