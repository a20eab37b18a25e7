.intel_syntax noprefix
vmovdqu ymm1, YMMWORD PTR [r14+0x0]
vmovdqu ymm2, YMMWORD PTR [r14+0x60]
vpabsd ymm8, ymm0
vpabsd ymm9, ymm0
vpabsd ymm10, ymm0
