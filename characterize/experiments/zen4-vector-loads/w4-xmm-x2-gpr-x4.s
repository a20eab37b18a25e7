.intel_syntax noprefix
vmovdqu xmm2, [r14+0x0]
mov rax, QWORD PTR [r14+0x40]
mov rcx, QWORD PTR [r14+0x80]
vmovdqu xmm3, [r14+0xc0]
mov rbx, QWORD PTR [r14+0x100]
mov rdx, QWORD PTR [r14+0x140]
