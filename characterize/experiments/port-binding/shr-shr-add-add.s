shr rax, 1
shr rcx, 1
add rbx, 1
add rdx, 1
