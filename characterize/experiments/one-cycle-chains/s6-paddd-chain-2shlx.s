.intel_syntax noprefix
paddd xmm2, xmm1
paddd xmm3, xmm1
shlx rax, rbx, rcx
shlx rdx, rbx, rcx
