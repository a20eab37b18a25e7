.intel_syntax noprefix
pmovzxbd xmm2, xmm0
xor edx, edx
{load} xor dl, cl
pmovzxbd xmm3, xmm0
