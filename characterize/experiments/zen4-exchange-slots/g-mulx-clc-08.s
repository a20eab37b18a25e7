.intel_syntax noprefix
mulx r8, r9, rsi
clc
clc
clc
clc
clc
clc
clc
clc
