.intel_syntax noprefix
vhaddpd xmm0, xmm1, xmm2
add r8, rcx
add r9, rcx
