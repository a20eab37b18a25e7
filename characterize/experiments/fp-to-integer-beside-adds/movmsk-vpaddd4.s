.intel_syntax noprefix
vmovmskps eax, xmm0
vpaddd xmm2, xmm1, xmm1
vpaddd xmm3, xmm1, xmm1
vpaddd xmm4, xmm1, xmm1
vpaddd xmm5, xmm1, xmm1
