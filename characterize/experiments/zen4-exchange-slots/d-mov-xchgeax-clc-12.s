.intel_syntax noprefix
mov rax, rcx
xchg edx, eax
clc
clc
clc
clc
clc
clc
clc
clc
clc
clc
clc
clc
