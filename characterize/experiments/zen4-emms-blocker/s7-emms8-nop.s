.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
emms
emms
nop DWORD PTR [rax+rax*1+0x12345678]
