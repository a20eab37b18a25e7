.intel_syntax noprefix
cvtdq2pd xmm2, QWORD PTR [r14+0x200]
andn ebx, ecx, DWORD PTR [r14+0x240]
xor esi, esi
{load} or sil, dl
