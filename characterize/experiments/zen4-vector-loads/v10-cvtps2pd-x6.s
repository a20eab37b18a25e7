.intel_syntax noprefix
cvtps2pd xmm2, QWORD PTR [r14+0x0]
cvtps2pd xmm3, QWORD PTR [r14+0x40]
cvtps2pd xmm4, QWORD PTR [r14+0x80]
cvtps2pd xmm5, QWORD PTR [r14+0xc0]
cvtps2pd xmm6, QWORD PTR [r14+0x100]
cvtps2pd xmm7, QWORD PTR [r14+0x140]
