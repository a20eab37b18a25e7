.intel_syntax noprefix
vcvttps2dq xmm4, xmm0
pmovzxwd xmm5, xmm1
rsqrtps xmm6, XMMWORD PTR [r14+0x2c0]
vpmaddwd xmm7, xmm2, xmm3
