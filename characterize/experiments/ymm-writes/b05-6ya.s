.intel_syntax noprefix
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
vpaddd ymm11, ymm0, ymm0
vpaddd ymm12, ymm0, ymm0
vpaddd ymm13, ymm0, ymm0
