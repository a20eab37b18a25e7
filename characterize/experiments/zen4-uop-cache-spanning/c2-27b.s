.intel_syntax noprefix
mov ecx, 0x12345678
vpaddd xmm2, xmm0, xmm1
mov edx, 0x12345678
vpaddd xmm3, xmm0, xmm1
mov esi, 0x12345678
vpaddd xmm4, xmm0, xmm1
