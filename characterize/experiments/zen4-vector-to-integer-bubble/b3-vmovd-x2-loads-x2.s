.intel_syntax noprefix
vmovd eax, xmm1
vmovd ecx, xmm2
mov r8, [r14]
mov r10, [r14+8]
