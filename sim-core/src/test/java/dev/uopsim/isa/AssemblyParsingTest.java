package dev.uopsim.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.asm.AssemblyParser;
import dev.uopsim.isa.asm.Layout;
import dev.uopsim.isa.asm.Syntax;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AssemblyParsingTest {
    private final AssemblyParser parser = new AssemblyParser(FormTable.shipped());

    private List<Instruction> parse(Syntax syntax, String... lines) {
        return Layout.place(parser, parser.parse("test.s", Arrays.asList(lines), syntax));
    }

    private String form(String line) {
        return parse(Syntax.AUTO, line).getFirst().form().name();
    }

    @Test
    void immediateWidthIsChosenAsTheAssemblerDoes() {
        assertEquals("ADD (R64, I8)", form("add rax, 5"));
        assertEquals("ADD (R64, I32)", form("add rcx, 500"));
        assertEquals("ADD (RAX, I32)", form("add rax, 500"));
        assertEquals("ADD (R32, I8)", form("add eax, 0xffffffff"));
        assertEquals("ADD (R64, 0)", form("add rax, 0"));
        assertEquals("ADD (AL, I8)", form("add al, 200"));
    }

    @Test
    void pseudoPrefixesPickEncodingTwins() {
        assertEquals("ADD_01 (R64, R64)", form("add rax, rbx"));
        assertEquals("ADD_03 (R64, R64)", form("{load} add rax, rbx"));
        assertEquals("ADD_01 (R64, R64)", form("{store} add rax, rbx"));
    }

    @Test
    void attSyntaxIsDetectedAndSizedBySuffix() {
        assertEquals("ADD (M32, I8)", form("addl $1, 8(%rax,%rcx,4)"));
        assertEquals("ADD (R64, M64)", form("add (%rsi), %rdx"));
        assertEquals("ADD_01 (R64, R64)", form("addq %rbx, %rax"));
    }

    @Test
    void xorOfARegisterWithItselfIsAZeroIdiom() {
        Instruction i = parse(Syntax.INTEL, "xor eax, eax").getFirst();
        assertTrue(i.idiomApplies());
        Instruction j = parse(Syntax.INTEL, "xor eax, ecx").getFirst();
        assertTrue(!j.idiomApplies());
    }

    @Test
    void lengthsFollowTheEncoding() {
        assertEquals(3, parse(Syntax.INTEL, "add rax, rbx").getFirst().length());
        assertEquals(4, parse(Syntax.INTEL, "add r8, 1").getFirst().length());
        assertEquals(5, parse(Syntax.INTEL, "add qword ptr [rsp+8], rax").getFirst().length());
        assertEquals(8, parse(Syntax.INTEL, "add dword ptr [rbp+rcx*4+0x100], 1").getFirst().length());
    }

    @Test
    void unknownMnemonicNamesLineColumnAndSuggestion() {
        InputException e = assertThrows(InputException.class, () -> parse(Syntax.INTEL, "  addd rax, 1"));
        assertEquals("test.s:1:3", e.location());
        assertTrue(e.hint().orElse("").contains("add"), e.render());
    }

    @Test
    void iacaByteMarkersSelectTheRegion() {
        List<Instruction> intel = parse(Syntax.AUTO, "mov rcx, 5", "mov ebx, 111", ".byte 0x64, 0x67, 0x90",
                "add rax, rcx", "imul rax, rax", "mov ebx, 222", ".byte 0x64, 0x67, 0x90", "ret");
        assertEquals(List.of("ADD_01 (R64, R64)", "IMUL (R64, R64)"), intel.stream().map(i -> i.form().name()).toList());
        List<Instruction> att = parse(Syntax.AUTO, "movl $111, %ebx", ".byte 100,103,144", "addq %rcx, %rax",
                "movl $222, %ebx", ".byte 100,103,144");
        assertEquals(List.of("ADD_01 (R64, R64)"), att.stream().map(i -> i.form().name()).toList());
    }

    @Test
    void branchesRelaxToRel32WhenTheTargetIsFar() {
        String[] lines = new String[42];
        lines[0] = "top:";
        for (int i = 1; i < 41; i++) lines[i] = "add rax, 0x12345678";
        lines[41] = "jnz top";
        List<Instruction> code = parse(Syntax.INTEL, lines);
        assertEquals("JNZ (Rel32)", code.getLast().form().name());
        assertEquals("JNZ (Rel8)", parse(Syntax.INTEL, "top:", "dec rcx", "jnz top").getLast().form().name());
    }

    @Test
    void aTargetWrittenWithTheLocationCounterIsThisInstructionsAddressPlusTheDisplacement() {
        // GNU as: '.' is the branch's own address (jz .+2 at 4 goes to 6, the next instruction)
        List<Instruction> code = parse(Syntax.INTEL, "add rax, 1", "jz .+2", "add rbx, 1", "jmp .", "jnz .-0x200");
        assertEquals(6, ((BranchTarget) code.get(1).operands().getFirst()).offset());
        assertEquals("JZ (Rel8)", code.get(1).form().name());
        assertEquals(code.get(3).address(), ((BranchTarget) code.get(3).operands().getFirst()).offset());
        // out of an 8-bit displacement's reach: widened, as the assembler does
        assertEquals("JNZ (Rel32)", code.get(4).form().name());
        assertEquals(code.get(4).address() - 0x200, ((BranchTarget) code.get(4).operands().getFirst()).offset());
    }

    @Test
    void ambiguousMemorySizeIsAnError() {
        InputException e = assertThrows(InputException.class, () -> parse(Syntax.INTEL, "add [rax], 1"));
        assertTrue(e.getMessage().contains("ambiguous"), e.render());
    }

    @Test
    void unbalancedBracketNamesTheOperandsColumn() {
        InputException unclosed = assertThrows(InputException.class, () -> parse(Syntax.INTEL, "mov rax, [rbx+"));
        assertEquals("test.s:1:10", unclosed.location(), unclosed.render());
        assertTrue(unclosed.getMessage().contains("unclosed '['"), unclosed.render());
        InputException stray = assertThrows(InputException.class, () -> parse(Syntax.ATT, "movq 8%rbx), %rax"));
        assertEquals("test.s:1:11", stray.location(), stray.render());
    }
}
