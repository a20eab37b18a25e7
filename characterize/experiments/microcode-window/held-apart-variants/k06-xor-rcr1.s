.intel_syntax noprefix
xor ebx, ebx
rcr bx, 7
