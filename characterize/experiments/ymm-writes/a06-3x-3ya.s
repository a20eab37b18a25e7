.intel_syntax noprefix
vmovdqu xmm1, XMMWORD PTR [r14+0x0]
vmovdqu xmm2, XMMWORD PTR [r14+0x40]
vmovdqu xmm3, XMMWORD PTR [r14+0x80]
vpaddd ymm8, ymm0, ymm0
vpaddd ymm9, ymm0, ymm0
vpaddd ymm10, ymm0, ymm0
