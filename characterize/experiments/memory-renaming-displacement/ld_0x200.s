.intel_syntax noprefix
mov [r14+0x0], r8
mov r10, [r14+0x200]
