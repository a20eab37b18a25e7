.intel_syntax noprefix
cvtps2pd xmm2, QWORD PTR [r14+0x200]
vpsraw xmm1, xmm0, XMMWORD PTR [r14+0x240]
cmp ecx, 74565
cvtps2pd xmm3, QWORD PTR [r14+0x2c0]
