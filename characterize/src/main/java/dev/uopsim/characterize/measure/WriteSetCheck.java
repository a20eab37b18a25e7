package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.runner.Assembler;
import dev.uopsim.characterize.runner.Job;
import dev.uopsim.characterize.runner.JobResult;
import dev.uopsim.characterize.runner.MachineState;
import dev.uopsim.characterize.runner.Variant;
import dev.uopsim.isa.Encoding;
import dev.uopsim.isa.EncodingHints;
import dev.uopsim.isa.Flag;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.RegisterClass;
import dev.uopsim.isa.RegisterOperand;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * Checks the instruction model's write sets against the hardware: each form runs once on random
 * inputs (four times: two fully random states, one with small values, one with zeros), the
 * general-purpose registers, the status flags and the sixteen vector registers are compared before
 * and after, and every bit that changed must belong to a register or flag the model says the form
 * writes (a 32-bit GPR write may change all 64 bits, a legacy SSE write only the low 128). Memory,
 * MMX and MXCSR are not compared. Deterministic: the inputs come from a seeded generator.
 */
public final class WriteSetCheck {
    private static final int[] FLAG_BITS = {0, 2, 4, 6, 7, 11};   // CF PF AF ZF SF OF in RFLAGS
    private static final Flag[] FLAGS = {Flag.CF, Flag.PF, Flag.AF, Flag.ZF, Flag.SF, Flag.OF};
    private static final String[] GPR64 = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
            "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};

    private final Session session;
    private final Generator generator;
    private final long seed;

    /**
     * @param status     agree, disagree, faulted (every trial faulted) or not run
     * @param extraWrites what changed that the model does not write ({@code rdx}, {@code ymm3[255:128]}, {@code flag AF})
     */
    public record Finding(String form, String status, String line, List<String> extraWrites, int trials, String cause) {}

    public WriteSetCheck(Session session, long seed) {
        this.session = session;
        this.generator = new Generator(session.host().cpu());
        this.seed = seed;
    }

    public List<Finding> check(List<InstructionForm> forms, IntConsumer progress) throws IOException {
        List<Finding> out = new ArrayList<>();
        for (int start = 0; start < forms.size(); start += 200) {
            List<InstructionForm> batch = forms.subList(start, Math.min(forms.size(), start + 200));
            List<Generator.Probe> probes = new ArrayList<>();
            List<Assembler.Unit> units = new ArrayList<>();
            for (InstructionForm f : batch) {
                Generator.Probe p = generator.probe(f);
                probes.add(p);
                if (p != null) units.add(new Assembler.Unit(f.name(), session.writer().once(List.of(p.line()))));
            }
            Assembler.Result code = session.assembler().assemble(units);
            int u = 0;
            for (int i = 0; i < batch.size(); i++) {
                InstructionForm f = batch.get(i);
                Generator.Probe p = probes.get(i);
                if (p == null) {
                    out.add(new Finding(f.name(), "not run", null, List.of(), 0, "not enough registers for a probe"));
                } else if (!code.ok(u)) {
                    out.add(new Finding(f.name(), "not run", p.line(), List.of(), 0, code.errors().get(u)));
                    u++;
                } else {
                    out.add(check(f, p, code.code().get(u)));
                    u++;
                }
                progress.accept(1);
            }
        }
        return out;
    }

    private Finding check(InstructionForm f, Generator.Probe p, byte[] code) throws IOException {
        Random rnd = new Random(seed ^ f.name().hashCode());
        Instruction ins = new Instruction(f, p.operands(), 0, 0, null, EncodingHints.NONE, null, p.line());
        Set<String> extra = new LinkedHashSet<>();
        int ran = 0;
        String lastCause = null;
        for (int trial = 0; trial < 4; trial++) {
            MachineState s = p.state().copy();
            long fill = randomize(f, p, s, rnd, trial);
            Job job = new Job(f.name(), List.of(Variant.memoryCounter(code, s, 1)), 0, 1, 0, 1, 5_000, 16, fill,
                    Generator.DATA_BYTES, true, true);
            JobResult r = session.worker().run(job);
            if (!r.ok() || r.dump() == null) {
                lastCause = r.cause();
                continue;
            }
            ran++;
            compare(ins, s, r.dump(), extra);
        }
        if (ran == 0) return new Finding(f.name(), "faulted", p.line(), List.of(), 0, lastCause);
        return new Finding(f.name(), extra.isEmpty() ? "agree" : "disagree", p.line(), List.copyOf(extra), ran, null);
    }

    private static long randomize(InstructionForm f, Generator.Probe p, MachineState s, Random rnd, int trial) {
        Set<Integer> keep = new LinkedHashSet<>();
        for (Register r : p.addressRegisters()) keep.add(r.root().number());
        keep.add(4);                                                  // RSP: the stack the prologue uses
        for (int g = 0; g < 16; g++) {
            if (keep.contains(g)) continue;
            s.gpr(g, switch (trial) {
                case 0, 1 -> rnd.nextLong();
                case 2 -> rnd.nextInt(64);
                default -> 0;
            });
        }
        for (int v = 0; v < 16; v++) for (int lane = 0; lane < 4; lane++) s.vec(v, lane, trial == 3 ? 0 : rnd.nextLong());
        s.flags(rnd.nextLong());
        String m = f.asmMnemonic().toLowerCase(Locale.ROOT);
        long fill = trial == 3 ? 0 : rnd.nextLong();
        if (m.endsWith("ldmxcsr") || m.startsWith("popf")) fill = p.fill();
        if (m.equals("div") || m.equals("idiv")) {
            // No divide error: the dividend's upper half zero and its lower half positive, a positive divisor.
            long positive = 0x7f7f7f7f7f7f7f7fL;
            s.gpr(0, s.gpr(0) & positive & (trial == 2 ? 0x3f : -1L));
            s.gpr(0, s.gpr(0) & ~0xff00L);                               // AH = 0 for the 8-bit forms
            s.gpr(2, 0);
            fill = (fill & positive) | 0x0101010101010101L;
            if (p.operands().getFirst() instanceof RegisterOperand d) {
                Register root = d.register().root();
                long v = (s.gpr(root.number()) & positive) | 0x0101010101010101L;
                s.gpr(root.number(), v);
            }
        }
        return fill;
    }

    /** Adds to {@code extra} every changed register part and flag the model does not write. */
    static void compare(Instruction ins, MachineState before, MachineState after, Set<String> extra) {
        long[] gprAllowed = new long[16];
        long[][] vecAllowed = new long[16][4];
        for (Instruction.RegisterUse u : ins.registerUses()) {
            if (!u.access().writes()) continue;
            Register r = u.register();
            boolean full = ins.coverage(r) == Instruction.WriteCoverage.FULL;
            if (r.registerClass() == RegisterClass.GPR) {
                int n = r.root().number();
                gprAllowed[n] |= full ? -1L : mask(r.offset(), r.width());
            } else if (r.registerClass() == RegisterClass.VECTOR && r.root().number() < 16) {
                int n = r.root().number();
                boolean vex = ins.form().encoding().scheme() != Encoding.Scheme.LEGACY;
                int bits = vex ? 256 : Math.min(r.width(), 256);
                for (int lane = 0; lane < 4; lane++) if (lane * 64 < bits) vecAllowed[n][lane] = -1L;
            }
        }
        for (int g = 0; g < 16; g++) {
            long changed = before.gpr(g) ^ after.gpr(g);
            long bad = changed & ~gprAllowed[g];
            if (bad != 0) extra.add(GPR64[g] + bits(bad));
        }
        for (int v = 0; v < 16; v++) {
            for (int lane = 0; lane < 4; lane++) {
                long bad = (before.vec(v, lane) ^ after.vec(v, lane)) & ~vecAllowed[v][lane];
                if (bad != 0) extra.add("ymm" + v + "[" + (lane * 64 + 63) + ":" + lane * 64 + "]");
            }
        }
        int modified = ins.form().flagsModified();
        for (int i = 0; i < FLAG_BITS.length; i++) {
            boolean changed = ((before.flags() ^ after.flags()) >>> FLAG_BITS[i] & 1) != 0;
            if (changed && (modified & FLAGS[i].bit()) == 0) extra.add("flag " + FLAGS[i].name());
        }
    }

    private static long mask(int offset, int width) {
        return width >= 64 ? -1L : ((1L << width) - 1) << offset;
    }

    private static String bits(long bad) {
        int lo = Long.numberOfTrailingZeros(bad), hi = 63 - Long.numberOfLeadingZeros(bad);
        return "[" + hi + ":" + lo + "]";
    }
}
