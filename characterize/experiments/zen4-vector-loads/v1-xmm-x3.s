.intel_syntax noprefix
vmovdqu xmm2, [r14+0x0]
vmovdqu xmm3, [r14+0x40]
vmovdqu xmm4, [r14+0x80]
