package dev.uopsim.characterize.infer;

import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import dev.uopsim.isa.OperandSpec;
import dev.uopsim.isa.RegisterClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Moves from the vector unit to the integer side: forms that read registers of the vector unit only
 * (vector, MMX, x87) and write a general register or the flags (MOVD r32, xmm; MOVMSKPS; PEXTRD;
 * CVTTSD2SI; COMISS; PTEST). Where the core probes find the transfer bubble (a move costs the integer
 * ALUs a cycle, {@link CoreProbes#transferBubble}), such a move slows single-cycle integer work beside it
 * without sharing a port with it: on the family 19h model 11h guest one MOVMSKPS beside four ADDs took
 * 2.0 cycles, which the port structure read as MOVMSKPS on an ALU port (h76), and blocking with ADDs or
 * SHLXs read CVTTSD2SI, COMISS, PTEST and PEXTRD as ALU µops (their pairs then ran in a cycle, two
 * measured, for they share one of the two move pipes). So the structure leaves the move classes out of
 * the layout, on pipes of their own, blocking gives the compound moves their pipe µop with those classes'
 * members, and the ALU µops the bubble made blocking read are dropped.
 */
public final class TransferMoves {
    private TransferMoves() {}

    /**
     * Whether moves from the vector unit cost the integer ALUs a cycle, and whence: measured by the core
     * probes, else as the public core's model says, else unknown ({@code bubble} null).
     */
    public record BubbleVerdict(Boolean bubble, boolean measured) {}

    /** The one place that decides the bubble: the core probes where the journal has them, else the public core. */
    public static BubbleVerdict bubbleVerdict(CoreProbes.Facts facts, PublicCore publicCore) {
        Boolean measured = facts == null || facts.raw() == null ? null : CoreProbes.transferBubble(facts.raw());
        if (measured != null) return new BubbleVerdict(measured, true);
        return new BubbleVerdict(publicCore == null ? null : publicCore.transferBubble(), false);
    }

    /** Whether moves from the vector unit cost the integer ALUs a cycle on this core (as HostModel writes bypass.transfers; unknown: not). */
    public static boolean bubble(CoreProbes.Facts facts, dev.uopsim.characterize.host.CpuInfo cpu) {
        Boolean bubble = bubbleVerdict(facts, cpu == null ? null : PublicCore.forCpu(cpu)).bubble();
        return bubble != null && bubble;
    }

    private static final Set<RegisterClass> VECTOR_UNIT = Set.of(RegisterClass.VECTOR, RegisterClass.MMX, RegisterClass.X87);

    /** Whether a form moves a value from the vector unit to the integer side (a memory form as its register sibling does). */
    public static boolean movesToIntegerSide(InstructionForm f) {
        return movesToIntegerSide(f, name -> FormTable.shipped().byName(name).orElse(null));
    }

    /**
     * @param byName the forms by name, for a memory form's register sibling (CVTTSD2SI (R32, M64) reads no vector
     *               register, but CVTTSD2SI (R32, XMM) does: the load goes to the vector unit)
     */
    public static boolean movesToIntegerSide(InstructionForm f, Function<String, InstructionForm> byName) {
        if (f.flagsRead() != 0 || !writesIntegerSide(f)) return false;
        int reads = vectorUnitReads(f);
        if (reads < 0) return false;
        if (reads > 0) return true;
        if (!f.readsMemory() || f.writesMemory()) return false;
        for (String sibling : registerSiblings(f.name())) {
            InstructionForm s = byName.apply(sibling);
            if (s != null) return !s.readsMemory() && s.flagsRead() == 0 && writesIntegerSide(s) && vectorUnitReads(s) > 0;
        }
        return false;
    }

    /** Writes a general register or the flags. */
    static boolean writesIntegerSide(InstructionForm f) {
        if (f.flagsModified() != 0) return true;
        for (OperandSpec o : f.allOperands()) {
            if (o.kind() != null && o.kind().isRegister() && o.access().writes() && o.kind().registerClass() == RegisterClass.GPR) return true;
        }
        return false;
    }

    /** Registers of the vector unit read; -1 when a register of another kind (a general one) is read. */
    static int vectorUnitReads(InstructionForm f) {
        int n = 0;
        for (OperandSpec o : f.allOperands()) {
            if (o.kind() == null || !o.kind().isRegister() || !o.access().reads()) continue;
            RegisterClass c = o.kind().registerClass();
            if (c == null || c == RegisterClass.IP) continue;
            if (!VECTOR_UNIT.contains(c)) return -1;
            n++;
        }
        return n;
    }

    /** A memory form's names with its memory operand as a vector or MMX register of the same width. */
    static List<String> registerSiblings(String name) {
        return RegisterSiblings.of(name, RegisterSiblings.VECTOR);
    }

    /**
     * A move's usage without the µops blocking read on the integer ALUs ({@code aluPorts}) when it also found
     * the move's µop on a move pipe ({@code pipes}, the move classes' ports): with the bubble on, the move's
     * own landing holds back the single-cycle blockers, which reads as µops on their ports. Without a pipe
     * µop nothing is dropped (the move's µop may have been read there for want of a pipe blocker).
     */
    public static PortUsage.Usage withoutBubbleReadings(PortUsage.Usage usage, int pipes, int aluPorts) {
        if (pipes == 0 || aluPorts == 0) return usage;
        boolean onPipe = false;
        for (PortUsage.Group g : usage.groups()) if ((g.mask() & ~pipes) == 0) onPipe = true;
        if (!onPipe) return usage;
        List<PortUsage.Group> kept = new ArrayList<>();
        for (PortUsage.Group g : usage.groups()) if ((g.mask() & ~aluPorts) != 0) kept.add(g);
        return kept.size() == usage.groups().size() ? usage : new PortUsage.Usage(kept, usage.residue(), usage.unsettled());
    }
}
