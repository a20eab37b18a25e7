.intel_syntax noprefix
mov rax, QWORD PTR [r14+0x0]
mov rbx, QWORD PTR [r14+0x20]
mov rcx, QWORD PTR [r14+0x40]
vpaddd xmm8, xmm0, xmm0
vpaddd xmm9, xmm0, xmm0
vpaddd xmm10, xmm0, xmm0
