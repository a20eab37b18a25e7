.intel_syntax noprefix
cmp r8, QWORD PTR [r14+0x0]
cmp r9, QWORD PTR [r14+0x40]
cmp r10, QWORD PTR [r14+0x80]
