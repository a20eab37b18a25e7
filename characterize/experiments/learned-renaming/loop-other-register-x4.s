# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind r14=0 r13=0
.intel_syntax noprefix
loop:
mov QWORD PTR [r14+0x100], rdx
mov rdx, QWORD PTR [r13+0x100]
mov QWORD PTR [r14+0x100], rdx
mov rdx, QWORD PTR [r13+0x100]
mov QWORD PTR [r14+0x100], rdx
mov rdx, QWORD PTR [r13+0x100]
mov QWORD PTR [r14+0x100], rdx
mov rdx, QWORD PTR [r13+0x100]
add r8, 1
cmp r8, r9
jne loop
