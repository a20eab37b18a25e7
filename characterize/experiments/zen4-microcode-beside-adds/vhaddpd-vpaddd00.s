.intel_syntax noprefix
vhaddpd xmm0, xmm1, xmm2
