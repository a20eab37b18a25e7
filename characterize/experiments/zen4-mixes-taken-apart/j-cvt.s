.intel_syntax noprefix
cvtdq2pd xmm2, QWORD PTR [r14+0x200]
