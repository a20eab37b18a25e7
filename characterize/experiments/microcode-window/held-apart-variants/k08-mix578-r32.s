.intel_syntax noprefix
xor ebx, ebx
cmp rcx, rdx
rcr ebx, 7
pxor xmm0, xmm0
minss xmm0, DWORD PTR [r14+0x40]
pxor xmm1, xmm1
pcmpgtw xmm1, XMMWORD PTR [r14+0x80]
xor esi, esi
cmp rcx, rdx
rcr esi, 7
