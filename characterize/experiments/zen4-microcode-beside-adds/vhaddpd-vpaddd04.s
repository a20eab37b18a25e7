.intel_syntax noprefix
vhaddpd xmm0, xmm1, xmm2
vpaddd xmm3, xmm1, xmm2
vpaddd xmm4, xmm1, xmm2
vpaddd xmm5, xmm1, xmm2
vpaddd xmm6, xmm1, xmm2
