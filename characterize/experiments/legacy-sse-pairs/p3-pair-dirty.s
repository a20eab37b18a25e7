.intel_syntax noprefix
vpaddd ymm8, ymm9, ymm9
xorps xmm2, xmm2
mulss xmm2, xmm1
xorps xmm3, xmm3
mulss xmm3, xmm1
shlx rax, rbx, rcx
shlx rdx, rbx, rcx
