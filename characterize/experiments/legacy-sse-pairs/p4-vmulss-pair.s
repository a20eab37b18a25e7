.intel_syntax noprefix
vxorps xmm2, xmm2, xmm2
vmulss xmm2, xmm2, xmm1
vxorps xmm3, xmm3, xmm3
vmulss xmm3, xmm3, xmm1
shlx rax, rbx, rcx
shlx rdx, rbx, rcx
