.intel_syntax noprefix
vpor xmm1, xmm13, xmm14
clc
vpor xmm2, xmm13, xmm14
clc
vpor xmm3, xmm13, xmm14
clc
vpor xmm4, xmm13, xmm14
clc
vpor xmm5, xmm13, xmm14
clc
vpor xmm6, xmm13, xmm14
clc
vpor xmm7, xmm13, xmm14
clc
vpor xmm8, xmm13, xmm14
clc
vpor xmm9, xmm13, xmm14
clc
vpor xmm10, xmm13, xmm14
clc
vpor xmm11, xmm13, xmm14
clc
vpor xmm12, xmm13, xmm14
clc
