.intel_syntax noprefix
movmskps eax, xmm1
xor ebx, ebx
add rbx, rcx
xor esi, esi
add rsi, rcx
xor edi, edi
add rdi, rcx
xor r8d, r8d
add r8, rcx
