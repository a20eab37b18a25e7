.intel_syntax noprefix
xor ebx, ebx
cmp rcx, rdx
rcr bx, 7
pxor xmm0, xmm0
minss xmm0, xmm10
pxor xmm1, xmm1
pcmpgtw xmm1, xmm11
xor esi, esi
cmp rcx, rdx
rcr si, 7
