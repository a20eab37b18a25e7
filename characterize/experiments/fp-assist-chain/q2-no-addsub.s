.intel_syntax noprefix
paddq xmm0, xmm1
vaddss xmm0, xmm0, xmm2
pmovsxbq xmm0, xmm0
