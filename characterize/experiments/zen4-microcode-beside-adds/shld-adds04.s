.intel_syntax noprefix
xor eax, eax
shld eax, ebx, 3
add r8, rcx
add r9, rcx
add r10, rcx
add r11, rcx
