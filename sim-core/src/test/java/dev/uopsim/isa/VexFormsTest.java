package dev.uopsim.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.isa.asm.AssemblyParser;
import dev.uopsim.isa.asm.Syntax;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the round trip cannot see for VEX forms: its example operands are xmm1..xmm7, so a register
 * put in the wrong slot (ModRM.reg, ModRM.rm, VEX.vvvv, imm8[7:4]) or a length that forgets a
 * VEX.R/X/B bit would pass. Here every VEX form is written with extended and low registers mixed,
 * assembled with GNU as, and the VEX fields of the bytes are compared with the slots in the table;
 * the text is matched and decoded back, and the lengths must agree.
 */
class VexFormsTest {
    /** Register numbers handed out in operand order: distinct, extended and not, none of them 4. */
    private static final int[] NUMBERS = {9, 2, 13, 6, 11, 3};
    private static final int VSIB_INDEX = 14;
    private static final int IMMEDIATE = 0x5b;

    private final FormTable table = FormTable.shipped();
    private final AssemblyParser parser = new AssemblyParser(table);

    @Test
    void operandSlotsLengthsAndFormsAgreeWithTheAssembler() throws Exception {
        assumeTrue(Binutils.available(), "GNU as and objdump are not installed");
        List<InstructionForm> forms = table.forms().stream().filter(f -> f.encoding().scheme() == Encoding.Scheme.VEX).toList();
        List<String> lines = new ArrayList<>();
        List<List<Operand>> operands = new ArrayList<>();
        for (InstructionForm f : forms) {
            List<Operand> ops = operands(f);
            operands.add(ops);
            lines.add(AsmWriter.write(f, ops));
        }
        Binutils.Assembled assembled = Binutils.assemble(lines);
        List<String> failures = new ArrayList<>();
        List<byte[]> blocks = new ArrayList<>();
        List<Integer> blockForm = new ArrayList<>();
        for (int i = 0; i < forms.size(); i++) {
            InstructionForm f = forms.get(i);
            byte[] code = assembled.bytes().get(i);
            String where = f.name() + " [" + f.origin() + "] '" + lines.get(i) + "'";
            if (code == null) {
                failures.add(where + ": as rejects it: " + assembled.errors().get(i));
                continue;
            }
            where += " = " + Hex.spaced(code);
            blocks.add(code);
            blockForm.add(i);
            String slotError = checkSlots(f, operands.get(i), code);
            if (slotError != null) failures.add(where + ": " + slotError);
            int length = InstructionLength.of(f, operands.get(i), EncodingHints.NONE);
            if (length != code.length) failures.add(where + ": computed length " + length + ", assembled " + code.length);
            FormMatcher.Match m = parser.matcher().match(parser.read(lines.get(i), new SourceLocation("vex", i + 1, 0), 0, Syntax.INTEL));
            if (m.form() != f) failures.add(where + ": the text matches " + m.form().name());
            else if (m.length() != code.length) failures.add(where + ": the text's length is " + m.length() + ", assembled " + code.length);
        }
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(table).decode(blocks, "vex");
        for (int b = 0; b < decoded.size(); b++) {
            InstructionForm f = forms.get(blockForm.get(b));
            ObjdumpDecoder.Block block = decoded.get(b);
            if (!block.ok()) {
                failures.add(f.name() + " '" + lines.get(blockForm.get(b)) + "': does not decode: " + block.error().getMessage());
            } else if (block.instructions().getFirst().form() != f) {
                failures.add(f.name() + " '" + lines.get(blockForm.get(b)) + "': decodes to " + block.instructions().getFirst().form().name());
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + forms.size() + " VEX forms fail:\n"
                + String.join("\n", failures.subList(0, Math.min(200, failures.size()))));
    }

    /** Example operands with the register numbers of {@link #NUMBERS}, an immediate that tells itself apart. */
    private static List<Operand> operands(InstructionForm f) {
        List<Operand> ops = new ArrayList<>();
        int next = 0;
        for (OperandSpec s : f.operands()) {
            OperandKind k = s.kind();
            Operand o = switch (k.category()) {
                case REGISTER -> {
                    if (k.fixed() != null) yield new RegisterOperand(k.fixed());
                    int n = NUMBERS[next++];
                    yield new RegisterOperand(k.registerClass() == RegisterClass.VECTOR
                            ? vector(k.width(), n) : gpr(k.width(), n));
                }
                case MEMORY -> new MemoryOperand(null, Register.RSI, null, 1, 0x40, null, k.width());
                case VSIB -> new MemoryOperand(null, Register.RSI, vector(k.width(), VSIB_INDEX), 4, 0x40, null, 0);
                case IMMEDIATE -> new ImmediateOperand(IMMEDIATE);
                default -> throw new IllegalStateException("no example for " + k + " in " + f.name());
            };
            ops.add(o);
        }
        return ops;
    }

    private static Register vector(int width, int n) {
        return Register.byName((width == 128 ? "xmm" : width == 256 ? "ymm" : "zmm") + n);
    }

    private static Register gpr(int width, int n) {
        String base = n < 8 ? new String[]{"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"}[n] : null;
        String name = switch (width) {
            case 64 -> base != null ? "r" + base : "r" + n;
            case 32 -> base != null ? "e" + base : "r" + n + "d";
            default -> throw new IllegalStateException("no example GPR of " + width + " bits");
        };
        return Register.byName(name);
    }

    /** Null when every operand sits in the field its slot names, else what differs. */
    private static String checkSlots(InstructionForm f, List<Operand> ops, byte[] code) {
        int i = 0;
        int r, x, b, vvvv;
        if ((code[0] & 0xFF) == 0xC5) {
            r = (~code[1] >> 7) & 1;
            x = 0;
            b = 0;
            vvvv = (~code[1] >> 3) & 15;
            i = 2;
        } else if ((code[0] & 0xFF) == 0xC4) {
            r = (~code[1] >> 7) & 1;
            x = (~code[1] >> 6) & 1;
            b = (~code[1] >> 5) & 1;
            vvvv = (~code[2] >> 3) & 15;
            i = 3;
        } else {
            return "not VEX-encoded";
        }
        i++;                                            // opcode
        boolean hasModrm = f.encoding().hasModrm();
        int mod = -1, reg = -1, rm = -1, index = -1;
        if (hasModrm) {
            int modrm = code[i] & 0xFF;
            mod = modrm >> 6;
            reg = ((modrm >> 3) & 7) | r << 3;
            rm = (modrm & 7) | b << 3;
            if (mod != 3 && (modrm & 7) == 4) index = ((code[i + 1] >> 3) & 7) | x << 3;
        }
        int last = code[code.length - 1] & 0xFF;
        boolean usesVvvv = false;
        for (int n = 0; n < ops.size(); n++) {
            OperandSpec s = f.operands().get(n);
            Operand op = ops.get(n);
            String what = "operand " + n + " (" + s.kind() + ", slot " + s.slot().letter() + ")";
            if (s.slot() == Slot.VVVV) usesVvvv = true;
            if (op instanceof RegisterOperand ro && !s.kind().isFixedRegister()) {
                int want = ro.register().number();
                int got = switch (s.slot()) {
                    case REG -> reg;
                    case RM -> mod == 3 ? rm : -1;
                    case VVVV -> vvvv;
                    case IS4 -> last >> 4;
                    default -> -2;
                };
                if (got != want) return what + " is register " + want + ", the field holds " + got;
            } else if (op instanceof MemoryOperand m) {
                if (s.slot() != Slot.RM || mod == 3) return what + ": memory is not in ModRM.rm";
                if (m.vsib() && index != VSIB_INDEX) return what + ": the VSIB index is " + index;
            } else if (op instanceof ImmediateOperand) {
                if (s.slot() != Slot.IMMEDIATE || last != IMMEDIATE) return what + ": the immediate byte is " + last;
            }
        }
        if (!usesVvvv && vvvv != 0) return "VEX.vvvv holds register " + vvvv + " but no operand is in slot v";
        return null;
    }

    @Test
    void registerMovesSwitchToTheStoreTwinWhenThatSavesAByte() {
        // GNU as 2.40: c5 78 29 c1, c5 6a 11 c1, c5 79 d6 c1; with both registers extended it keeps 0F 28.
        assertEquals("VMOVAPS_29 (XMM, XMM)", match("vmovaps xmm1, xmm8").form().name());
        assertEquals(4, match("vmovaps xmm1, xmm8").length());
        assertEquals("VMOVSS_11 (XMM, XMM, XMM)", match("vmovss xmm1, xmm2, xmm8").form().name());
        assertEquals("VMOVQ_D6 (XMM, XMM)", match("vmovq xmm1, xmm8").form().name());
        assertEquals("VMOVDQU_6F (YMM, YMM)", match("vmovdqu ymm9, ymm8").form().name());
        assertEquals("VMOVAPS_28 (XMM, XMM)", match("vmovaps xmm8, xmm1").form().name());
        assertEquals("VMOVAPS_28 (XMM, XMM)", match("{load} vmovaps xmm1, xmm8").form().name());
        assertEquals(5, match("{load} vmovaps xmm1, xmm8").length());
        assertEquals(5, match("{vex3} vmovaps xmm1, xmm2").length());
    }

    @Test
    void vexSpellingsOfObjdumpAndAttAreUnderstood() {
        assertEquals("VCMPPS (XMM, XMM, XMM, I8)", match("vcmpnge_uqps xmm1, xmm2, xmm3").form().name());
        assertEquals(0x19L, ((ImmediateOperand) match("vcmpnge_uqps xmm1, xmm2, xmm3").operands().get(3)).value());
        assertEquals("VPCLMULQDQ (YMM, YMM, YMM, I8)", match("vpclmulhqlqdq ymm1, ymm2, ymm3").form().name());
        assertEquals("VPCMPESTRI64 (XMM, XMM, I8)", match("vpcmpestriq xmm1, xmm2, 7").form().name());
        assertEquals("VPDPBUSD_VEX (XMM, XMM, XMM)", match("{vex} vpdpbusd xmm1, xmm2, xmm3").form().name());
        assertEquals("VGATHERQPS (XMM, VSIB_YMM, XMM)", match("vgatherqps xmm1, [rsi+ymm7*4], xmm2").form().name());
        assertEquals(6, match("vgatherqps xmm1, [rsi+ymm7*4], xmm2").length());
        assertEquals("VCVTPD2DQ (XMM, M256)", attMatch("vcvtpd2dqy (%rsi), %xmm1").form().name());
        assertEquals("VCVTSI2SD (XMM, XMM, M64)", attMatch("vcvtsi2sdq 8(%rsi), %xmm2, %xmm1").form().name());
        assertEquals("VGATHERDPD (YMM, VSIB_XMM, YMM)", attMatch("vgatherdpd %ymm2, 0x40(%rsi,%xmm7,8), %ymm1").form().name());
        FormMatcher.Match blend = attMatch("vblendvps %xmm4, (%rax), %xmm2, %xmm1");
        assertEquals("VBLENDVPS (XMM, XMM, M128, XMM)", blend.form().name());
        assertEquals(Register.byName("xmm4"), ((RegisterOperand) blend.operands().get(3)).register());
    }

    @Test
    void idiomsNeedTheSameRegisterInBothSources() {
        Instruction zero = instruction("vpxor xmm0, xmm1, xmm1");
        assertTrue(zero.idiomApplies());
        assertTrue(zero.registerUses().stream().noneMatch(u -> u.access().reads()), zero.registerUses().toString());
        assertTrue(!instruction("vpxor xmm0, xmm0, xmm1").idiomApplies());
        assertTrue(instruction("vpcmpeqd ymm3, ymm3, ymm3").idiomApplies());
        assertEquals(Idiom.ONES, instruction("vpcmpeqd ymm3, ymm3, ymm3").form().idiom());
    }

    @Test
    void extensionsAreUopsInfoFamilies() throws IOException {
        Path dir = SharedData.require("uops-info-csv");
        Pattern row = Pattern.compile("^\"([^\"]*)\",\"([^\"]*)\"");
        Map<String, String> family = new HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".csv")).toList()) {
                for (String line : Files.readAllLines(p)) {
                    Matcher m = row.matcher(line);
                    if (m.find()) family.put(m.group(1), m.group(2));
                }
            }
        }
        List<String> wrong = new ArrayList<>();
        for (InstructionForm f : table.forms()) {
            if (f.encoding().scheme() != Encoding.Scheme.VEX) continue;
            for (String name : f.uopsInfoNames()) {
                String fam = family.get(name);
                if (fam != null && !fam.equals(f.extension())) wrong.add(name + ": " + f.extension() + ", uops.info " + fam);
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    private FormMatcher.Match match(String text) {
        return parser.matcher().match(parser.read(text, new SourceLocation("t", 1, 0), 0, Syntax.INTEL));
    }

    private FormMatcher.Match attMatch(String text) {
        return parser.resolve(parser.read(text, new SourceLocation("t", 1, 0), 0, Syntax.ATT), Syntax.ATT);
    }

    private Instruction instruction(String text) {
        FormMatcher.Match m = match(text);
        return new Instruction(m.form(), m.operands(), m.length(), 0, null, EncodingHints.NONE, SourceLocation.UNKNOWN, text);
    }
}
