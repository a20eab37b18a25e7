.intel_syntax noprefix
pshufd xmm2, xmm2, 0x1b
pshufd xmm3, xmm3, 0x1b
shlx rax, rbx, rcx
shlx rdx, rbx, rcx
