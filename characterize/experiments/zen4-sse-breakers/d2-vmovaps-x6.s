.intel_syntax noprefix
vmovaps xmm2, xmm1
vmovaps xmm3, xmm1
vmovaps xmm4, xmm1
vmovaps xmm7, xmm1
vmovaps xmm8, xmm1
vmovaps xmm9, xmm1
