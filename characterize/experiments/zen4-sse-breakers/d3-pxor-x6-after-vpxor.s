.intel_syntax noprefix
vpxor xmm2, xmm2, xmm2
vpxor xmm3, xmm3, xmm3
vpxor xmm4, xmm4, xmm4
vpxor xmm7, xmm7, xmm7
vpxor xmm8, xmm8, xmm8
vpxor xmm9, xmm9, xmm9
pxor xmm2, xmm2
pxor xmm3, xmm3
pxor xmm4, xmm4
pxor xmm7, xmm7
pxor xmm8, xmm8
pxor xmm9, xmm9
