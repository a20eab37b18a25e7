shr rax, 7
add rbx, rsi
shr rcx, 7
nop
nop
nop
