.intel_syntax noprefix
vmovq xmm2, QWORD PTR [r14+0x0]
vmovq xmm3, QWORD PTR [r14+0x40]
vmovq xmm4, QWORD PTR [r14+0x80]
vmovq xmm5, QWORD PTR [r14+0xc0]
vmovq xmm6, QWORD PTR [r14+0x100]
vmovq xmm7, QWORD PTR [r14+0x140]
