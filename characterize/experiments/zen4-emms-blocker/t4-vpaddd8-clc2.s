.intel_syntax noprefix
vpaddd xmm0, xmm8, xmm9
vpaddd xmm1, xmm8, xmm9
vpaddd xmm2, xmm8, xmm9
vpaddd xmm3, xmm8, xmm9
vpaddd xmm4, xmm8, xmm9
vpaddd xmm5, xmm8, xmm9
vpaddd xmm6, xmm8, xmm9
vpaddd xmm7, xmm8, xmm9
clc
clc
