.intel_syntax noprefix
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
mov eax, 1
