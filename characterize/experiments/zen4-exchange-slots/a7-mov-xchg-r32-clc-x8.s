.intel_syntax noprefix
mov rcx, rsi
xchg edx, ecx
clc
clc
clc
clc
clc
clc
clc
clc
