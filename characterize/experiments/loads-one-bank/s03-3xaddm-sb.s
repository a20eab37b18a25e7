.intel_syntax noprefix
vpaddd xmm1, xmm0, XMMWORD PTR [r14+0x0]
vpaddd xmm2, xmm0, XMMWORD PTR [r14+0x40]
vpaddd xmm3, xmm0, XMMWORD PTR [r14+0x80]
