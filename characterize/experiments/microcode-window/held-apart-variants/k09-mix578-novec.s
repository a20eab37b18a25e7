.intel_syntax noprefix
xor ebx, ebx
cmp rcx, rdx
rcr bx, 7
add r8d, 1
add r9d, 1
add r10d, 1
add r11d, 1
xor esi, esi
cmp rcx, rdx
rcr si, 7
