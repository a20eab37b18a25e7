.intel_syntax noprefix
vmovdqu ymm4, YMMWORD PTR [r14]
vmovdqu ymm5, YMMWORD PTR [r14+0xc0]
