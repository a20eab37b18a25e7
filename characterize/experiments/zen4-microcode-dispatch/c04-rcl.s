.intel_syntax noprefix
rcl eax, 3
cmp ebx, 0
cmp ecx, 0
cmp edx, 0
cmp esi, 0
