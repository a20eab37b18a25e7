.intel_syntax noprefix
andn ebx, ecx, DWORD PTR [r14+0x240]
