.intel_syntax noprefix
cvtdq2pd xmm2, QWORD PTR [r14+0x200]
vshufps xmm3, xmm0, xmm1, 7
xor esi, esi
{load} or sil, dl
