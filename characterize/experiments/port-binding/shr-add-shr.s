shr rax, 7
add rbx, rdx
shr rcx, 7
