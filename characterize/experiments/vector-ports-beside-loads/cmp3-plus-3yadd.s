.intel_syntax noprefix
cmp rax, QWORD PTR [r14+0x0]
cmp rbx, QWORD PTR [r14+0x20]
cmp rcx, QWORD PTR [r14+0x40]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
