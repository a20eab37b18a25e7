.intel_syntax noprefix
add r8, rdx
vxorps xmm15, xmm15, xmm15
add r9, rdx
vxorps xmm15, xmm15, xmm15
add r10, rdx
vxorps xmm15, xmm15, xmm15
add r11, rdx
vxorps xmm15, xmm15, xmm15
add r12, rdx
vxorps xmm15, xmm15, xmm15
add r13, rdx
vxorps xmm15, xmm15, xmm15
add r14, rdx
vxorps xmm15, xmm15, xmm15
add r15, rdx
vxorps xmm15, xmm15, xmm15
add rbx, rdx
vxorps xmm15, xmm15, xmm15
add rsi, rdx
vxorps xmm15, xmm15, xmm15
add rdi, rdx
vxorps xmm15, xmm15, xmm15
add rbp, rdx
vxorps xmm15, xmm15, xmm15
