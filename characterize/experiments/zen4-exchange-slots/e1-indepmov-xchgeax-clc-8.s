.intel_syntax noprefix
mov rsi, rdi
xchg edx, eax
clc
clc
clc
clc
clc
clc
clc
clc
