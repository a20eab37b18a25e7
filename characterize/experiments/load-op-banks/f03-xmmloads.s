.intel_syntax noprefix
vpxor xmm4, xmm2, XMMWORD PTR [r14]
lea rbx, [0x1000]
vpxor xmm3, xmm3, xmm3
vfmaddsub132ps xmm3, xmm0, xmm1
vpxor xmm5, xmm2, XMMWORD PTR [r14+0xc0]
