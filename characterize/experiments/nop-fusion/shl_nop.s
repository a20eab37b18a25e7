.intel_syntax noprefix
shl r8, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl r9, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl r10, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl r11, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl r12, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl r13, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl r14, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl r15, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl rbx, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl rsi, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl rdi, 1
nop DWORD PTR [rax+rax*1+0x12345678]
shl rbp, 1
nop DWORD PTR [rax+rax*1+0x12345678]
