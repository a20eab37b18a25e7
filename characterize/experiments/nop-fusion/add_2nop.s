.intel_syntax noprefix
add r8, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add r9, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add r10, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add r11, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add r12, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add r13, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add r14, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add r15, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add rbx, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add rsi, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add rdi, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
add rbp, rdx
nop DWORD PTR [rax+rax*1+0x12345678]
nop DWORD PTR [rax+rax*1+0x12345678]
