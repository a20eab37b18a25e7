.intel_syntax noprefix
mov rcx, 1250999896491
vaddsd xmm5, xmm2, xmm3
vpxor xmm4, xmm4, xmm4
vfmadd213pd ymm4, ymm0, ymm1
mov rdx, 1250999896491
vaddsd xmm6, xmm2, xmm3
