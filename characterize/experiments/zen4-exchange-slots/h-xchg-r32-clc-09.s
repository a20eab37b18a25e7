.intel_syntax noprefix
xchg edx, esi
clc
clc
clc
clc
clc
clc
clc
clc
clc
