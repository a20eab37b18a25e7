.intel_syntax noprefix
cmp rcx, rdx
rcr bx, 7
cmp rcx, rdx
rcr si, 7
