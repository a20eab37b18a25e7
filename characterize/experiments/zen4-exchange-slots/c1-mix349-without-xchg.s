.intel_syntax noprefix
xor edi, edi
mov rax, rcx
lea r8d, [rbx*1+0x1000]
xor r9d, r9d
bsr r9, rsi
xor r10d, r10d
mov rax, rcx
lea r11d, [rbx*1+0x1000]
xor r12d, r12d
bsr r12, rsi
