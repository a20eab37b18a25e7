.intel_syntax noprefix
vmovdqu ymm2, [r14+0x0]
vmovdqu ymm3, [r14+0x40]
vmovdqu ymm4, [r14+0x80]
vmovdqu ymm5, [r14+0xc0]
vmovdqu ymm6, [r14+0x100]
vmovdqu ymm7, [r14+0x140]
