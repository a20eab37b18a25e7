.intel_syntax noprefix
addsubpd xmm0, xmm1
vpaddd xmm0, xmm0, xmm2
pmovsxbq xmm0, xmm0
