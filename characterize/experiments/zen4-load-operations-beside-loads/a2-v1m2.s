.intel_syntax noprefix
vmovdqu xmm1, XMMWORD PTR [r14+0x200]
mov rax, QWORD PTR [r14+0x240]
mov rbx, QWORD PTR [r14+0x280]
