.intel_syntax noprefix
andn ebx, ecx, DWORD PTR [r14+0x240]
vshufps xmm3, xmm0, xmm1, 7
xor esi, esi
{load} or sil, dl
