.intel_syntax noprefix
mov r8, QWORD PTR [r14+0x0]
vpaddd ymm8, ymm8, ymm0
vpaddd ymm9, ymm9, ymm0
vpaddd ymm10, ymm10, ymm0
