.intel_syntax noprefix
lea eax, [rsi+8]
lea ebx, [rsi+40]
lea ecx, [rsi+72]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
