.intel_syntax noprefix
vmovmskps eax, xmm0
mov r8, QWORD PTR [r14+0x800]
mov r9, QWORD PTR [r14+0x840]
mov r10, QWORD PTR [r14+0x880]
