.intel_syntax noprefix
vblendps ymm8, ymm0, ymm0, 5
vblendps ymm9, ymm0, ymm0, 5
vblendps ymm10, ymm0, ymm0, 5
