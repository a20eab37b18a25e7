.intel_syntax noprefix
vaddps ymm8, ymm0, ymm0
vaddps ymm9, ymm0, ymm0
vaddps ymm10, ymm0, ymm0
