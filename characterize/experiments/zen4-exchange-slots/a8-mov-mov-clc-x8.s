.intel_syntax noprefix
mov rax, rcx
mov rdx, rax
clc
clc
clc
clc
clc
clc
clc
clc
