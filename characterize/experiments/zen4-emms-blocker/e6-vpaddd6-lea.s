.intel_syntax noprefix
vpaddd xmm0, xmm8, xmm9
vpaddd xmm1, xmm8, xmm9
vpaddd xmm2, xmm8, xmm9
vpaddd xmm3, xmm8, xmm9
vpaddd xmm4, xmm8, xmm9
vpaddd xmm5, xmm8, xmm9
lea rbx, [rcx+rdx*1+0x1000]
