.intel_syntax noprefix
comiss xmm1, xmm2
comiss xmm3, xmm4
