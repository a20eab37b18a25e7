.intel_syntax noprefix
mov rax, rcx
mov rdx, rsi
mov rdi, r8
clc
clc
clc
clc
clc
clc
clc
clc
