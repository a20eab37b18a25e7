.intel_syntax noprefix
mov rax, QWORD PTR [r14+0x0]
mov rbx, QWORD PTR [r14+0x40]
mov rcx, QWORD PTR [r14+0x80]
