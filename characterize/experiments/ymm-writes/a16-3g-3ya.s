.intel_syntax noprefix
mov r8, QWORD PTR [r14+0x0]
mov r9, QWORD PTR [r14+0x40]
mov r10, QWORD PTR [r14+0x80]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
