package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.infer.PortClasses;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A combination's blocker decides the ports of every form blocked with it. In h41.jsonl (a busy full
 * run) VADDSUBPD (XMM, XMM, XMM), a P15 form, joined the P01 class of MULPS (XMM, XMM) with its pair
 * 21% slower than full competition explains, and as the alphabetically first of the tied candidates
 * became the P01 blocker: 330 memory forms were given P015 for P01. A member that joined that far
 * from full competition now comes after every sure one.
 */
class BlockerChoiceTest {
    private static InstructionForm form(String name) {
        return FormTable.shipped().byName(name).orElseThrow();
    }

    private static HostInference.Candidate candidate(String name, double throughput) {
        return new HostInference.Candidate(form(name), 2, PortClasses.Family.VEX128, throughput, false);
    }

    @Test
    void aMemberThatJoinedFarFromFullCompetitionIsNotTheBlocker() {
        // The ratios h41's class step measured for these joins.
        Map<String, Double> membership = Map.of("VADDSUBPD (XMM, XMM, XMM)", 1.2079, "VPMAXUD (XMM, XMM, XMM)", 1.0014);
        var klass = new PortClasses.Klass(9, 2, List.of("MULPS (XMM, XMM)", "VADDSUBPD (XMM, XMM, XMM)", "VPMAXUD (XMM, XMM, XMM)"),
                "MULPS (XMM, XMM)");
        Map<String, HostInference.Candidate> byName = new LinkedHashMap<>();
        for (var c : List.of(candidate("MULPS (XMM, XMM)", 0.5), candidate("VADDSUBPD (XMM, XMM, XMM)", 0.499),
                candidate("VPMAXUD (XMM, XMM, XMM)", 0.499))) byName.put(c.form().name(), c);
        var structure = new HostInference.Structure(9, new int[]{0b1001}, 0.013, 234, new int[0]);

        var sure = HostInference.combinations(List.of(klass), structure, byName, membership);
        assertEquals("VPMAXUD (XMM, XMM, XMM)", sure.getFirst().blockers().getFirst().form().name());
        assertEquals("VADDSUBPD (XMM, XMM, XMM)", sure.getFirst().blockers().getLast().form().name(), "still there, after the sure ones");

        var byNameOnly = HostInference.combinations(List.of(klass), structure, byName, Map.of());
        assertEquals("VADDSUBPD (XMM, XMM, XMM)", byNameOnly.getFirst().blockers().getFirst().form().name(),
                "without the ratios the tie goes by name, as in h41");
    }

    @Test
    void foundersAndMembersWithinTheSlackAreSure() {
        Map<String, Double> m = Map.of("A", 0.96, "B", 1.049, "C", 1.051, "D", 0.9);
        assertTrue(HostInference.sureMember(m, "founder"));
        assertTrue(HostInference.sureMember(m, "A"));
        assertTrue(HostInference.sureMember(m, "B"));
        assertFalse(HostInference.sureMember(m, "C"));
        assertFalse(HostInference.sureMember(m, "D"));
    }
}
