.intel_syntax noprefix
xor ebx, ebx
cmp rcx, rdx
rcr bx, 7
xor esi, esi
cmp rcx, rdx
rcr si, 7
