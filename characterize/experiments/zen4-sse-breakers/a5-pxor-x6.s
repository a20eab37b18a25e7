.intel_syntax noprefix
pxor xmm2, xmm2
pxor xmm3, xmm3
pxor xmm4, xmm4
pxor xmm7, xmm7
pxor xmm8, xmm8
pxor xmm9, xmm9
