.intel_syntax noprefix
xchg edx, eax
nop
nop
nop
nop
nop
nop
nop
nop
