.intel_syntax noprefix
vpxor xmm2, xmm2, xmm2
vpxor xmm3, xmm3, xmm3
vpxor xmm4, xmm4, xmm4
vpxor xmm7, xmm7, xmm7
vpxor xmm8, xmm8, xmm8
vpxor xmm9, xmm9, xmm9
