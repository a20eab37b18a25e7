.intel_syntax noprefix
vmovdqu xmm2, [r14+0x0]
vmovdqu xmm3, [r14+0x40]
vmovdqu xmm4, [r14+0x80]
vmovdqu xmm5, [r14+0xc0]
vmovdqu xmm6, [r14+0x100]
vmovdqu xmm7, [r14+0x140]
