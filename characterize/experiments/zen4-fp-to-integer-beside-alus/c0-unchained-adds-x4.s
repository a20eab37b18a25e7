.intel_syntax noprefix
xor rbx, rbx
add rbx, rcx
xor rdx, rdx
add rdx, rcx
xor rsi, rsi
add rsi, rcx
xor rdi, rdi
add rdi, rcx
