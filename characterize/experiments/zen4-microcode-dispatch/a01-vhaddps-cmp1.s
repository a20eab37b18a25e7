.intel_syntax noprefix
vhaddps xmm0, xmm1, xmm2
cmp ebx, 0
