.intel_syntax noprefix
vhaddps xmm0, xmm1, xmm2
vpor xmm3, xmm1, xmm2
vpor xmm4, xmm1, xmm2
vpor xmm5, xmm1, xmm2
vpor xmm6, xmm1, xmm2
