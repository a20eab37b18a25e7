.intel_syntax noprefix
vmovdqu xmm1, XMMWORD PTR [r14+0x200]
vmovdqu xmm2, XMMWORD PTR [r14+0x240]
vmovdqu xmm3, XMMWORD PTR [r14+0x280]
vmovdqu xmm4, XMMWORD PTR [r14+0x2c0]
