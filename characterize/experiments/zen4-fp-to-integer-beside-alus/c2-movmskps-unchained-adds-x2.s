.intel_syntax noprefix
movmskps eax, xmm1
xor rbx, rbx
add rbx, rcx
xor rdx, rdx
add rdx, rcx
