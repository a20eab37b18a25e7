.intel_syntax noprefix
movabs rcx, 0x1234567812345678
vpaddd xmm2, xmm0, xmm1
movabs rdx, 0x1234567812345678
vpaddd xmm3, xmm0, xmm1
movabs rsi, 0x1234567812345678
vpaddd xmm4, xmm0, xmm1
