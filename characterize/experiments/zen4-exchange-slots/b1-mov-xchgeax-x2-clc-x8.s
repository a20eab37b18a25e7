.intel_syntax noprefix
mov rax, rcx
xchg edx, eax
mov rax, rcx
xchg edi, eax
clc
clc
clc
clc
clc
clc
clc
clc
