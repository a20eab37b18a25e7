.intel_syntax noprefix
pdep edx, ecx, esi
vpabsw xmm3, XMMWORD PTR [r14+0x240]
pdep ebx, ecx, esi
vpabsw xmm4, XMMWORD PTR [r14+0x300]
