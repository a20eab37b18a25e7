.intel_syntax noprefix
xor eax, eax
shld eax, ebx, 3
add r8, rcx
xor edx, edx
shld edx, ebx, 3
add r9, rcx
