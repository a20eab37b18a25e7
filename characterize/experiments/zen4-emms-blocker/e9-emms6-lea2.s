.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
lea rbx, [rcx+rdx*1+0x1000]
lea rsi, [rcx+rdx*1+0x1000]
