.intel_syntax noprefix
mov eax, DWORD PTR [r14+0x0]
mov ebx, DWORD PTR [r14+0x20]
mov ecx, DWORD PTR [r14+0x40]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
