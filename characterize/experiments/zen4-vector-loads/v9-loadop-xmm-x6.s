.intel_syntax noprefix
vpaddd xmm2, xmm1, [r14+0x0]
vpaddd xmm3, xmm1, [r14+0x40]
vpaddd xmm4, xmm1, [r14+0x80]
vpaddd xmm5, xmm1, [r14+0xc0]
vpaddd xmm6, xmm1, [r14+0x100]
vpaddd xmm7, xmm1, [r14+0x140]
