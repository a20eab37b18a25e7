.intel_syntax noprefix
mov rax, QWORD PTR [r14+0x200]
mov rbx, QWORD PTR [r14+0x240]
mov rcx, QWORD PTR [r14+0x280]
