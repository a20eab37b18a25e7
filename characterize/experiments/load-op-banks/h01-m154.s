.intel_syntax noprefix
vmaxps xmm2, xmm0, XMMWORD PTR [r14]
xor ebx, ebx
cmp rcx, rdx
setb bl
vpcmpeqw ymm3, ymm1, YMMWORD PTR [r14+0x80]
vmaxps xmm4, xmm0, XMMWORD PTR [r14+0xc0]
xor esi, esi
cmp rcx, rdx
setb sil
vpcmpeqw ymm5, ymm1, YMMWORD PTR [r14+0x140]
