.intel_syntax noprefix
add ecx, DWORD PTR [r14+0x200]
add edx, DWORD PTR [r14+0x200]
add ebx, DWORD PTR [r14+0x200]
add esi, DWORD PTR [r14+0x200]
vmovdqu xmm1, XMMWORD PTR [r14+0x240]
vmovdqu xmm2, XMMWORD PTR [r14+0x280]
