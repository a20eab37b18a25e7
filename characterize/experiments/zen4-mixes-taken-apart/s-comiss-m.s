.intel_syntax noprefix
comiss xmm1, DWORD PTR [r14+0x280]
