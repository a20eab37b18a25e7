.intel_syntax noprefix
movabs rax, 0x123456789a
movabs rbx, 0x123456789a
movabs rcx, 0x123456789a
movabs rdx, 0x123456789a
movabs rsi, 0x123456789a
movabs rdi, 0x123456789a
movabs r8, 0x123456789a
movabs r9, 0x123456789a
movabs r10, 0x123456789a
movabs r11, 0x123456789a
movabs r12, 0x123456789a
movabs r13, 0x123456789a
