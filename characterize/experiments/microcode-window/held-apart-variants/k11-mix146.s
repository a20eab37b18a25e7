.intel_syntax noprefix
pxor xmm0, xmm0
andnps xmm0, XMMWORD PTR [rbp]
xor esi, esi
rcl rsi, 0
xor edx, edx
sub edx, 0
xor ebx, ebx
sub bh, ch
pxor xmm1, xmm1
andnps xmm1, XMMWORD PTR [rbp+0x100]
xor edi, edi
rcl rdi, 0
