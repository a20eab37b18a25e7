.intel_syntax noprefix
pdep edx, ecx, DWORD PTR [r14+0x200]
vmovdqu xmm1, XMMWORD PTR [r14+0x240]
pdep ebx, ecx, DWORD PTR [r14+0x280]
vmovdqu xmm2, XMMWORD PTR [r14+0x2c0]
