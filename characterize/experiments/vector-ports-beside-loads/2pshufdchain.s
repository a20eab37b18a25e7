.intel_syntax noprefix
vpshufd ymm8, ymm8, 0
vpshufd ymm9, ymm9, 0
