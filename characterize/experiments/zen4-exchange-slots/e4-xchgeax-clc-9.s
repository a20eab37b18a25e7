.intel_syntax noprefix
xchg edx, eax
clc
clc
clc
clc
clc
clc
clc
clc
clc
