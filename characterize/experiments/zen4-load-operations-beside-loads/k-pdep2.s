.intel_syntax noprefix
pdep edx, ecx, DWORD PTR [r14+0x200]
pdep ebx, ecx, DWORD PTR [r14+0x2c0]
