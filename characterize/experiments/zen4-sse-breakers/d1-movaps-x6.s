.intel_syntax noprefix
movaps xmm2, xmm1
movaps xmm3, xmm1
movaps xmm4, xmm1
movaps xmm7, xmm1
movaps xmm8, xmm1
movaps xmm9, xmm1
