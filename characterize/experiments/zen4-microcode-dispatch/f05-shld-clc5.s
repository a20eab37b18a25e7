.intel_syntax noprefix
shld eax, ecx, 3
clc
clc
clc
clc
clc
