.intel_syntax noprefix
xor esi, esi
{load} or sil, dl
xor edi, edi
{load} or dil, dl
xor r8d, r8d
{load} or r8b, dl
