.intel_syntax noprefix
movmskps eax, xmm1
xor ebx, ebx
lea rbx, [rcx+8]
xor esi, esi
lea rsi, [rcx+8]
xor edi, edi
lea rdi, [rcx+8]
xor r8d, r8d
lea r8, [rcx+8]
