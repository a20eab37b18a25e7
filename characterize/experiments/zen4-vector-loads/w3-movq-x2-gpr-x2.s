.intel_syntax noprefix
vmovq xmm2, QWORD PTR [r14+0x0]
mov rax, QWORD PTR [r14+0x40]
vmovq xmm3, QWORD PTR [r14+0x80]
mov rbx, QWORD PTR [r14+0xc0]
