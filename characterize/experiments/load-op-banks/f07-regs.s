.intel_syntax noprefix
vpxor ymm4, ymm2, ymm6
lea rbx, [0x1000]
vpxor xmm3, xmm3, xmm3
vfmaddsub132ps xmm3, xmm0, xmm1
vpxor ymm5, ymm2, ymm6
