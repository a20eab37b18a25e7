.intel_syntax noprefix
movzx ecx, bl
vpaddd xmm2, xmm0, xmm1
movzx edx, bl
vpaddd xmm3, xmm0, xmm1
movzx esi, bl
vpaddd xmm4, xmm0, xmm1
