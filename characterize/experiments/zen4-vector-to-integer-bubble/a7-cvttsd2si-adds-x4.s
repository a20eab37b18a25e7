.intel_syntax noprefix
cvttsd2si eax, xmm1
add rbx, rcx
add rdx, rcx
add rsi, rcx
add rdi, rcx
