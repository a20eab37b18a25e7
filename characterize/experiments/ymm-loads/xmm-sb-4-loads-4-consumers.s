vmovdqu xmm2, XMMWORD PTR [r14]
vmovdqu xmm3, XMMWORD PTR [r14+0x40]
vmovdqu xmm4, XMMWORD PTR [r14+0x100]
vmovdqu xmm5, XMMWORD PTR [r14+0x140]
vpaddd xmm6, xmm2, xmm1
vpaddd xmm7, xmm3, xmm1
vpaddd xmm8, xmm4, xmm1
vpaddd xmm9, xmm5, xmm1
