.intel_syntax noprefix
mov rax, QWORD PTR [r14+0x200]
mov rbx, QWORD PTR [r14+0x240]
mov rcx, QWORD PTR [r14+0x280]
mov rdx, QWORD PTR [r14+0x2c0]
mov r8, QWORD PTR [r14+0x300]
mov r9, QWORD PTR [r14+0x340]
