.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
mov rbx, rcx
mov rsi, rdx
