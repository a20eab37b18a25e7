.intel_syntax noprefix
mov rax, QWORD PTR [r14+0x0]
mov rbx, QWORD PTR [r14+0x20]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
