.intel_syntax noprefix
mov rax, QWORD PTR [r14+0x0]
mov rbx, QWORD PTR [r14+0x40]
mov rcx, QWORD PTR [r14+0x80]
mov rdx, QWORD PTR [r14+0xc0]
mov rsi, QWORD PTR [r14+0x100]
mov rdi, QWORD PTR [r14+0x140]
