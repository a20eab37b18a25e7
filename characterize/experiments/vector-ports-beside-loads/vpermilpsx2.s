.intel_syntax noprefix
vpermilps ymm8, ymm0, 1
vpermilps ymm9, ymm0, 1
