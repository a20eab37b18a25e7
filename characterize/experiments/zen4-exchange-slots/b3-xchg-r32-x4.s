.intel_syntax noprefix
xchg edx, ecx
xchg edi, esi
xchg r8d, r9d
xchg r10d, r11d
