.intel_syntax noprefix
psubd xmm2, xmm2
psubd xmm3, xmm3
psubd xmm4, xmm4
psubd xmm7, xmm7
psubd xmm8, xmm8
psubd xmm9, xmm9
