.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x20]
vmovdqu ymm3, YMMWORD PTR [r14+0x40]
vpaddd xmm8, xmm8, xmm0
vpaddd xmm9, xmm9, xmm0
vpaddd xmm10, xmm10, xmm0
