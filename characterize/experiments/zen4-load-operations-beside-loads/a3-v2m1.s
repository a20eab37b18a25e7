.intel_syntax noprefix
vmovdqu xmm1, XMMWORD PTR [r14+0x200]
vmovdqu xmm2, XMMWORD PTR [r14+0x240]
mov rax, QWORD PTR [r14+0x280]
