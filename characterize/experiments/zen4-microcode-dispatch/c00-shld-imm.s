.intel_syntax noprefix
shld eax, ecx, 3
