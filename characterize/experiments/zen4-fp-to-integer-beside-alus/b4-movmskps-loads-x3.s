.intel_syntax noprefix
movmskps eax, xmm1
mov rbx, QWORD PTR [r14]
mov rdx, QWORD PTR [r14+0x40]
mov rsi, QWORD PTR [r14+0x80]
