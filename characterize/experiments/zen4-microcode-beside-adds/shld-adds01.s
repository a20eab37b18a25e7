.intel_syntax noprefix
xor eax, eax
shld eax, ebx, 3
add r8, rcx
