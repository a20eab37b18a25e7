.intel_syntax noprefix
pdep edx, ecx, DWORD PTR [r14+0x200]
vpabsw xmm3, XMMWORD PTR [r14+0x240]
pdep ebx, ecx, DWORD PTR [r14+0x2c0]
vpabsw xmm4, XMMWORD PTR [r14+0x300]
