.intel_syntax noprefix
mov rax, QWORD PTR [r14+0x0]
vmovdqu xmm2, [r14+0x40]
mov rcx, QWORD PTR [r14+0x80]
vmovdqu xmm4, [r14+0xc0]
vmovdqu xmm3, [r14+0x100]
mov rdi, QWORD PTR [r14+0x140]
