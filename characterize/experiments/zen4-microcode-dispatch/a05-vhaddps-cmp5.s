.intel_syntax noprefix
vhaddps xmm0, xmm1, xmm2
cmp ebx, 0
cmp ecx, 0
cmp edx, 0
cmp esi, 0
cmp edi, 0
