.intel_syntax noprefix
lea rcx, [rbx+0x12345678]
vpaddd xmm2, xmm0, xmm1
lea rdx, [rbx+0x12345678]
vpaddd xmm3, xmm0, xmm1
lea rsi, [rbx+0x12345678]
vpaddd xmm4, xmm0, xmm1
