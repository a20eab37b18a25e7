.intel_syntax noprefix
xchg edx, ecx
clc
clc
clc
clc
clc
clc
clc
clc
