# memdep-G with a sign-extending load (movsxd), which the development host (family 6 model 0xcf) forwards
# but does not rename: store-to-load forwarding on hardware uopsim can measure. Measure with
# ./uopsim measure FILE; simulate with ./uopsim simulate FILE --uarch sapphirerapids (characterize/REPORT.md, 2026-11-26).
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=4096 rsi=4160 rdx=4160 rcx=4224 r8=4288 r9=4288 r10=4224 r11=4096
.intel_syntax noprefix
loop:
movsxd rax, DWORD PTR [rdi]
add eax, 1
mov DWORD PTR [rsi], eax
movsxd rax, DWORD PTR [rdx]
add eax, 1
mov DWORD PTR [rcx], eax
movsxd rax, DWORD PTR [r8]
add eax, 1
mov DWORD PTR [r9], eax
movsxd rax, DWORD PTR [r10]
add eax, 1
mov DWORD PTR [r11], eax
add rbx, 1
cmp rbx, r12
jne loop
