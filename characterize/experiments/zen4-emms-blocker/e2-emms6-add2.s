.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
add rsi, rdi
add r8, r9
