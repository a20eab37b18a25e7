.intel_syntax noprefix
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
vxorps xmm15, xmm15, xmm15
