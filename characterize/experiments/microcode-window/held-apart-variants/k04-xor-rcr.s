.intel_syntax noprefix
xor ebx, ebx
rcr bx, 7
xor esi, esi
rcr si, 7
