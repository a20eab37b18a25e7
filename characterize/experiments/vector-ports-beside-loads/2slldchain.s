.intel_syntax noprefix
vpslld ymm8, ymm8, 1
vpslld ymm9, ymm9, 1
