.intel_syntax noprefix
pmovzxbd xmm2, xmm0
pmovzxbd xmm3, xmm0
