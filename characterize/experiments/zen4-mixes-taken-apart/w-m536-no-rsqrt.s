.intel_syntax noprefix
xor edx, edx
{load} add edx, ecx
vcvttps2dq xmm4, xmm0
pmovzxwd xmm5, xmm1
vpmaddwd xmm7, xmm2, xmm3
