.intel_syntax noprefix
add esi, 1
add edi, 1
add r8d, 1
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
