.intel_syntax noprefix
xchg edx, eax
mov rax, rcx
clc
clc
clc
clc
clc
clc
clc
clc
