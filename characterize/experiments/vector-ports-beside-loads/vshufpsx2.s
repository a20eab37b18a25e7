.intel_syntax noprefix
vshufps ymm8, ymm0, ymm0, 1
vshufps ymm9, ymm0, ymm0, 1
