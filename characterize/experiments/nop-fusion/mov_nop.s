.intel_syntax noprefix
mov r8, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov r9, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov r10, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov r11, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov r12, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov r13, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov r14, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov r15, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov rbx, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov rsi, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov rdi, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
mov rbp, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
