.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
cmp ebx, 0
cmp ecx, 0
cmp edx, 0
cmp esi, 0
