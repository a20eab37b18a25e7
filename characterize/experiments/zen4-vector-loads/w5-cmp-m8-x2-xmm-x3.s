.intel_syntax noprefix
cmp BYTE PTR [rsi+0x0], dh
vmovdqu xmm2, [rsi+0x40]
vmovdqu xmm3, [rsi+0x80]
cmp BYTE PTR [rsi+0xc0], dh
vmovdqu xmm4, [rsi+0x100]
