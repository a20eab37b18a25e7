.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x60]
vpsllq ymm8, ymm0, 3
vpsllq ymm9, ymm0, 3
vpsllq ymm10, ymm0, 3
