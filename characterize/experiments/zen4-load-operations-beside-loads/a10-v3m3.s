.intel_syntax noprefix
vmovdqu xmm1, XMMWORD PTR [r14+0x200]
mov rax, QWORD PTR [r14+0x240]
vmovdqu xmm2, XMMWORD PTR [r14+0x280]
mov rbx, QWORD PTR [r14+0x2c0]
vmovdqu xmm3, XMMWORD PTR [r14+0x300]
mov rcx, QWORD PTR [r14+0x340]
