.intel_syntax noprefix
mov r8, QWORD PTR [r14+0x0]
mov r9, QWORD PTR [r14+0x40]
mov r10, QWORD PTR [r14+0x80]
mov r11, QWORD PTR [r14+0xc0]
mov r12, QWORD PTR [r14+0x100]
mov r13, QWORD PTR [r14+0x140]
