.intel_syntax noprefix
vmaxps xmm2, xmm0, XMMWORD PTR [r14]
xor ebx, ebx
cmp rcx, rdx
setb bl
vpcmpeqw ymm3, ymm1, YMMWORD PTR [r14+0x88]
vmaxps xmm4, xmm0, XMMWORD PTR [r14+0xd0]
xor esi, esi
cmp rcx, rdx
setb sil
vpcmpeqw ymm5, ymm1, YMMWORD PTR [r14+0x158]
