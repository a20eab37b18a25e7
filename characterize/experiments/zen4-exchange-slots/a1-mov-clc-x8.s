.intel_syntax noprefix
mov rax, rcx
clc
clc
clc
clc
clc
clc
clc
clc
