.intel_syntax noprefix
xor ebx, ebx
add rbx, rcx
xor esi, esi
add rsi, rcx
xor edi, edi
add rdi, rcx
xor r8d, r8d
add r8, rcx
lea r10, [r9+8]
lea r11, [r9+8]
lea r12, [r9+8]
lea r13, [r9+8]
