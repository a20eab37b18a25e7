.intel_syntax noprefix
pmovzxbd xmm2, xmm0
xor edx, edx
{load} xor dl, cl
comiss xmm1, DWORD PTR [r14+0x280]
pmovzxbd xmm3, xmm0
