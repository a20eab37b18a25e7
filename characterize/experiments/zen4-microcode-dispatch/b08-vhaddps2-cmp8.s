.intel_syntax noprefix
vhaddps xmm0, xmm1, xmm2
cmp ebx, 0
cmp ecx, 0
cmp edx, 0
cmp esi, 0
vhaddps xmm3, xmm1, xmm2
cmp edi, 0
cmp r8d, 0
cmp r9d, 0
cmp r10d, 0
