shr rax, 1
shr rcx, 1
