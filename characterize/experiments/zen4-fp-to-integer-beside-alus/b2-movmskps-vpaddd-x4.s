.intel_syntax noprefix
movmskps eax, xmm1
vpaddd xmm2, xmm0, xmm0
vpaddd xmm3, xmm0, xmm0
vpaddd xmm4, xmm0, xmm0
vpaddd xmm5, xmm0, xmm0
