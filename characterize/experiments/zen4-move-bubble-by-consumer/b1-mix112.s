.intel_syntax noprefix
vmovmskps ebx, ymm0
cmp cx, dx
vpcmpgtw xmm3, xmm1, xmm2
cmp cx, dx
