.intel_syntax noprefix
add rax, QWORD PTR [r14+0x0]
add rbx, QWORD PTR [r14+0x40]
add rcx, QWORD PTR [r14+0x80]
add rdx, QWORD PTR [r14+0xc0]
add rsi, QWORD PTR [r14+0x100]
add rdi, QWORD PTR [r14+0x140]
