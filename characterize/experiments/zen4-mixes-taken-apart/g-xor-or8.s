.intel_syntax noprefix
xor esi, esi
{load} or sil, dl
