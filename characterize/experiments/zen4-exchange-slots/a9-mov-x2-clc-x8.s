.intel_syntax noprefix
mov rax, rcx
mov rdx, rsi
clc
clc
clc
clc
clc
clc
clc
clc
