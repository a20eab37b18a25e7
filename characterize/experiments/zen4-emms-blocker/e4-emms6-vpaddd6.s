.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
vpaddd xmm0, xmm8, xmm9
vpaddd xmm1, xmm8, xmm9
vpaddd xmm2, xmm8, xmm9
vpaddd xmm3, xmm8, xmm9
vpaddd xmm4, xmm8, xmm9
vpaddd xmm5, xmm8, xmm9
