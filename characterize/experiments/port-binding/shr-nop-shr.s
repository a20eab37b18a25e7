shr rax, 7
nop
shr rcx, 7
