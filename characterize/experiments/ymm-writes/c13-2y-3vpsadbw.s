.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x60]
vpsadbw ymm8, ymm0, ymm0
vpsadbw ymm9, ymm0, ymm0
vpsadbw ymm10, ymm0, ymm0
