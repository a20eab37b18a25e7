.intel_syntax noprefix
lea rbx, [r9+8]
lea rsi, [r9+8]
lea rdi, [r9+8]
lea r8, [r9+8]
lea r10, [r9+8]
lea r11, [r9+8]
lea r12, [r9+8]
lea r13, [r9+8]
