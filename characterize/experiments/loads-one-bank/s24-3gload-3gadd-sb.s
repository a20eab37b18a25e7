.intel_syntax noprefix
mov r8, QWORD PTR [r14+0x0]
mov r9, QWORD PTR [r14+0x40]
mov r10, QWORD PTR [r14+0x80]
add r11, 1
add r12, 1
add r13, 1
