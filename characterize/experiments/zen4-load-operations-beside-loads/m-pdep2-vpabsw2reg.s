.intel_syntax noprefix
pdep edx, ecx, DWORD PTR [r14+0x200]
vpabsw xmm3, xmm5
pdep ebx, ecx, DWORD PTR [r14+0x2c0]
vpabsw xmm4, xmm5
