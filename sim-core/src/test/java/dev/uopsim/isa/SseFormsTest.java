package dev.uopsim.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.isa.asm.AssemblyParser;
import dev.uopsim.isa.asm.Layout;
import dev.uopsim.isa.asm.Syntax;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the SSE-family forms are found from the spellings assemblers, compilers and objdump use. */
class SseFormsTest {
    private final AssemblyParser parser = new AssemblyParser(FormTable.shipped());

    private Instruction parse(Syntax syntax, String line) {
        return Layout.place(parser, parser.parse("test.s", List.of(line), syntax)).getFirst();
    }

    private String form(String line) {
        return parse(Syntax.AUTO, line).form().name();
    }

    @Test
    void comparePredicatesInTheMnemonicBecomeTheImmediate() {
        assertEquals("CMPSD_XMM (XMM, XMM, I8)", form("cmpltsd xmm0, xmm1"));
        assertEquals("CMPPS (XMM, M128, I8)", form("cmpunordps xmm0, xmmword ptr [rax]"));
        Instruction i = parse(Syntax.INTEL, "cmpnlesd xmm0, xmm1");
        assertEquals(6, ((ImmediateOperand) i.operands().get(2)).value());
        assertEquals("CMPSD_XMM (XMM, XMM, I8)", form("cmpsd xmm0, xmm1, 9"));
    }

    @Test
    void pclmulqdqSpellingsCarryTheImmediate() {
        Instruction i = parse(Syntax.INTEL, "pclmulhqlqdq xmm1, xmm2");
        assertEquals("PCLMULQDQ (XMM, XMM, I8)", i.form().name());
        assertEquals(1, ((ImmediateOperand) i.operands().get(2)).value());
    }

    @Test
    void xmm0WrittenAsAnOperandIsTheImplicitOne() {
        assertEquals("BLENDVPS (XMM, XMM)", form("blendvps xmm1, xmm2, xmm0"));
        assertEquals("BLENDVPS (XMM, XMM)", form("blendvps xmm1, xmm2"));
        assertEquals("PBLENDVB (XMM, M128)", form("pblendvb %xmm0, (%rsi), %xmm1"));
        assertEquals("SHA256RNDS2 (XMM, XMM)", form("sha256rnds2 xmm1, xmm2, xmm0"));
    }

    @Test
    void prefetchesTakeAnyMemorySize() {
        assertEquals("PREFETCHT0 (M512)", form("prefetcht0 BYTE PTR [rax+64]"));
        assertEquals("PREFETCHNTA (M512)", form("prefetchnta [rax]"));
        assertTrue(parse(Syntax.INTEL, "prefetcht1 [rax]").form().has(FormProperty.PREFETCH));
    }

    @Test
    void movesPickTheTwinAsGnuAsDoes() {
        assertEquals("MOVAPS_0F28 (XMM, XMM)", form("movaps xmm0, xmm1"));
        assertEquals("MOVAPS_0F29 (XMM, XMM)", form("{store} movaps xmm0, xmm1"));
        assertEquals("MOVQ_0F7E (XMM, XMM)", form("movq xmm0, xmm1"));
        assertEquals("MOVSD_XMM (XMM, M64)", form("movsd xmm0, qword ptr [rax]"));
        assertEquals("MOVQ (XMM, R64)", form("movq xmm0, rax"));
        assertTrue(parse(Syntax.INTEL, "movdqa xmm0, xmm1").form().has(FormProperty.MOVE_ELIMINATION));
    }

    @Test
    void conversionSpellingsOfCompilers() {
        assertEquals("CVTSI2SD (XMM, R64)", form("cvtsi2sdq xmm0, rdi"));
        assertEquals("CVTSI2SD (XMM, M32)", form("cvtsi2sdl (%rdi), %xmm0"));
        assertEquals("CVTSI2SS (XMM, M64)", form("cvtsi2ssq (%rdi), %xmm0"));
        assertEquals("CVTTSD2SI (R64, XMM)", form("cvttsd2siq %xmm0, %rax"));
    }

    @Test
    void sse42AndPopcntSpellings() {
        assertEquals("PCMPESTRI64 (XMM, XMM, I8)", form("pcmpestriq xmm1, xmm2, 12"));
        assertEquals("PEXTRW_SSE4 (M16, XMM, I8)", form("pextrw word ptr [rsi], xmm1, 3"));
        assertEquals("PEXTRW (R32, XMM, I8)", form("pextrw ecx, xmm1, 3"));
        assertEquals("CRC32 (R64, M64)", form("crc32q (%rsi), %rax"));
        assertEquals("POPCNT (R16, R16)", form("popcnt cx, dx"));
    }

    @Test
    void zeroAndOnesIdiomsNeedOneRegister() {
        assertTrue(parse(Syntax.INTEL, "pxor xmm3, xmm3").idiomApplies());
        assertTrue(parse(Syntax.INTEL, "pcmpeqd xmm3, xmm3").idiomApplies());
        assertTrue(parse(Syntax.INTEL, "xorps xmm3, xmm3").idiomApplies());
        assertFalse(parse(Syntax.INTEL, "pxor xmm3, xmm4").idiomApplies());
        assertFalse(parse(Syntax.INTEL, "paddd xmm3, xmm3").idiomApplies());
    }

    @Test
    void implicitOperandsAreUsed() {
        Instruction i = parse(Syntax.INTEL, "pcmpestri xmm1, xmm2, 12");
        List<Instruction.RegisterUse> uses = i.registerUses();
        assertTrue(uses.stream().anyMatch(u -> u.register().name().equals("eax") && u.access() == Access.READ));
        assertTrue(uses.stream().anyMatch(u -> u.register().name().equals("edx") && u.access() == Access.READ));
        assertTrue(uses.stream().anyMatch(u -> u.register().name().equals("ecx") && u.access() == Access.WRITE));
        Instruction m = parse(Syntax.INTEL, "maskmovdqu xmm1, xmm2");
        assertTrue(m.form().writesMemory());
        assertTrue(m.registerUses().stream().anyMatch(u -> u.register() == Register.RDI && u.role() == Instruction.Role.ADDRESS));
        assertEquals(Access.READ_WRITE, parse(Syntax.INTEL, "addss xmm0, xmm1").form().operands().getFirst().access());
        assertEquals(Access.WRITE, parse(Syntax.INTEL, "movss xmm0, dword ptr [rax]").form().operands().getFirst().access());
    }
}
