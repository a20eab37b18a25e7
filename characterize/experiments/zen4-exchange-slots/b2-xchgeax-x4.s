.intel_syntax noprefix
xchg edx, eax
xchg edi, eax
xchg r8d, eax
xchg r9d, eax
