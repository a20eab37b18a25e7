.intel_syntax noprefix
vhaddps xmm0, xmm1, xmm2
cmp ebx, 0
vhaddps xmm3, xmm1, xmm2
cmp ecx, 0
