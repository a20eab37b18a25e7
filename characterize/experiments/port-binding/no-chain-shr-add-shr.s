xor eax, eax
shr rax, 7
add rbx, rsi
xor ecx, ecx
shr rcx, 7
