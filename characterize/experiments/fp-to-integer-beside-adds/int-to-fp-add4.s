.intel_syntax noprefix
vmovd xmm2, esi
add r8, rdx
add r9, rdx
add r10, rdx
add r11, rdx
