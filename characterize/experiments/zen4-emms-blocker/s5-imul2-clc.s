.intel_syntax noprefix
imul rbx, rcx, 3
imul rsi, rcx, 3
clc
