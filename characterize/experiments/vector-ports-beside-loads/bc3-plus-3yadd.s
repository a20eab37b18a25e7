.intel_syntax noprefix
vbroadcastss ymm1, DWORD PTR [r14+0x0]
vbroadcastss ymm2, DWORD PTR [r14+0x20]
vbroadcastss ymm3, DWORD PTR [r14+0x40]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
