.intel_syntax noprefix
vpaddd ymm8, ymm8, ymm0
vpaddd ymm9, ymm9, ymm0
