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
