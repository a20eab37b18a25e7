.intel_syntax noprefix
clc
clc
clc
clc
clc
clc
clc
clc
