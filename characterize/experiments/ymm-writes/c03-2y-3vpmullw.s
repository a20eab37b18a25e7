.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x60]
vpmullw ymm8, ymm0, ymm0
vpmullw ymm9, ymm0, ymm0
vpmullw ymm10, ymm0, ymm0
