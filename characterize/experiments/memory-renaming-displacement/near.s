.intel_syntax noprefix
mov [r14+0x0], r8
mov [r14+0x40], r9
mov r10, [r14+0x2100]
mov r11, [r14+0x2140]
mov r12, [r14+0x2180]
