.intel_syntax noprefix
add r8, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add r9, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add r10, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add r11, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add r12, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add r13, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add r14, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add r15, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add rbx, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add rsi, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add rdi, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
add rbp, rdx
nop WORD PTR cs:[rax+rax*1+0x0]
