.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x40]
vmovdqu ymm3, YMMWORD PTR [r14+0x80]
vpaddd xmm8, xmm0, xmm0
vpaddd xmm9, xmm0, xmm0
vpaddd xmm10, xmm0, xmm0
