.intel_syntax noprefix
vmovss xmm2, DWORD PTR [r14+0x0]
vmovss xmm3, DWORD PTR [r14+0x40]
vmovss xmm4, DWORD PTR [r14+0x80]
vmovss xmm5, DWORD PTR [r14+0xc0]
vmovss xmm6, DWORD PTR [r14+0x100]
vmovss xmm7, DWORD PTR [r14+0x140]
