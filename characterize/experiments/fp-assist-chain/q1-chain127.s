.intel_syntax noprefix
addsubpd xmm0, xmm1
vaddss xmm0, xmm0, xmm2
pmovsxbq xmm0, xmm0
