.intel_syntax noprefix
add r8, rdx
clc
add r9, rdx
clc
add r10, rdx
clc
add r11, rdx
clc
add r12, rdx
clc
add r13, rdx
clc
add r14, rdx
clc
add r15, rdx
clc
add rbx, rdx
clc
add rsi, rdx
clc
add rdi, rdx
clc
add rbp, rdx
clc
