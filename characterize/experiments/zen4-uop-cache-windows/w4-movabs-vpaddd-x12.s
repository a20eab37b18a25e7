.intel_syntax noprefix
movabs rax, 0x123456789a
vpaddd xmm1, xmm0, xmm0
movabs rbx, 0x123456789a
vpaddd xmm2, xmm0, xmm0
movabs rcx, 0x123456789a
vpaddd xmm3, xmm0, xmm0
movabs rdx, 0x123456789a
vpaddd xmm4, xmm0, xmm0
movabs rsi, 0x123456789a
vpaddd xmm5, xmm0, xmm0
movabs rdi, 0x123456789a
vpaddd xmm6, xmm0, xmm0
movabs r8, 0x123456789a
vpaddd xmm7, xmm0, xmm0
movabs r9, 0x123456789a
vpaddd xmm8, xmm0, xmm0
movabs r10, 0x123456789a
vpaddd xmm1, xmm0, xmm0
movabs r11, 0x123456789a
vpaddd xmm2, xmm0, xmm0
movabs r12, 0x123456789a
vpaddd xmm3, xmm0, xmm0
movabs r13, 0x123456789a
vpaddd xmm4, xmm0, xmm0
