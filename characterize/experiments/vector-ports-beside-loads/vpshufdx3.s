.intel_syntax noprefix
vpshufd ymm8, ymm0, 1
vpshufd ymm9, ymm0, 1
vpshufd ymm10, ymm0, 1
