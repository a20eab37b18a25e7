.intel_syntax noprefix
movmskps eax, xmm1
xor rbx, rbx
add rbx, rcx
xor rdx, rdx
add rdx, rcx
xor rsi, rsi
add rsi, rcx
xor rdi, rdi
add rdi, rcx
xor r8, r8
add r8, rcx
xor r9, r9
add r9, rcx
xor r10, r10
add r10, rcx
xor r11, r11
add r11, rcx
