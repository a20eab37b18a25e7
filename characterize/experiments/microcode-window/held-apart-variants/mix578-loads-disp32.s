.intel_syntax noprefix
xor ebx, ebx
cmp rcx, rdx
rcr bx, 7
pxor xmm0, xmm0
minss xmm0, DWORD PTR [r14+0x400]
pxor xmm1, xmm1
pcmpgtw xmm1, XMMWORD PTR [r14+0x800]
xor esi, esi
cmp rcx, rdx
rcr si, 7
