.intel_syntax noprefix
xor eax, eax
shld eax, ebx, 3
xor edx, edx
shld edx, ebx, 3
