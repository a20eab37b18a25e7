.intel_syntax noprefix
vmovdqu xmm2, [r14+0x0]
mov rax, QWORD PTR [r14+0x40]
mov rbx, QWORD PTR [r14+0xc0]
