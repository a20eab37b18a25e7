.intel_syntax noprefix
movmskps eax, xmm1
test rcx, rdx
test rsi, rdx
test rdi, rdx
test r8, rdx
