.intel_syntax noprefix
vmaxps xmm2, xmm0, XMMWORD PTR [r14]
vpcmpeqw ymm3, ymm1, YMMWORD PTR [r14+0x80]
vmaxps xmm4, xmm0, XMMWORD PTR [r14+0xc0]
vpcmpeqw ymm5, ymm1, YMMWORD PTR [r14+0x140]
