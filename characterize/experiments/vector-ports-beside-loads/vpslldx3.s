.intel_syntax noprefix
vpslld ymm8, ymm0, 3
vpslld ymm9, ymm0, 3
vpslld ymm10, ymm0, 3
