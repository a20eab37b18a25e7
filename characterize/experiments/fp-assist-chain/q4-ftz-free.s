.intel_syntax noprefix
addsubpd xmm0, xmm1
vaddss xmm0, xmm0, xmm2
pshufd xmm0, xmm0, 0xe4
