shr rax, 7
shr rcx, 7
shr rdx, 7
shr rsi, 7
shr rdi, 7
nop
