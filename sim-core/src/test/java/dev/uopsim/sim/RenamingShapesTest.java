package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which store/load pairs memory renaming recognises, by address and by load. Measured on the development
 * host (pairs chained through one address, BHive's registers): `movzx edx, BYTE PTR [rax+8]; mov BYTE PTR
 * [rax+8], dl` 0.52 cycles a pair (renamed), the same through `[rbp+rcx*1]` and `[rdi+rcx*1]` 4.99
 * (forwarded: an index register), `movsxd rdx, DWORD PTR [rax+8]; mov DWORD PTR [rax+8], edx` 7.37
 * (forwarded: sign-extended) against 0.51 with `mov edx`.
 */
class RenamingShapesTest {
    private static CoreSpec renaming(Set<CoreSpec.RenamingShape> shapes, Set<CoreSpec.RenamedValue> values) {
        return TestCores.withMemory(TestCores.skylakeLike(true), true, shapes, values, 0, 0);
    }

    private static double cycles(CoreSpec core, String... lines) {
        return TestCores.cyclesPerIteration(core, TestCores.unrolled(lines));
    }

    private static final Set<CoreSpec.RenamedValue> WIDTHS = EnumSet.of(CoreSpec.RenamedValue.GPR8, CoreSpec.RenamedValue.GPR32,
            CoreSpec.RenamedValue.GPR64);

    @Test
    void unindexedAddressesAreRenamedWhateverTheirBasesIndexedOnesForward() {
        CoreSpec core = renaming(EnumSet.of(CoreSpec.RenamingShape.UNINDEXED), WIDTHS);
        double renamed = cycles(core, "movzx edx, BYTE PTR [rax+0x8]", "mov BYTE PTR [rbx+0x8], dl");
        double indexed = cycles(core, "movzx edx, BYTE PTR [rbp+rcx*1]", "mov BYTE PTR [rdi+rcx*1], dl");
        assertEquals(1.0, renamed, 0.51, "renamed: about a cycle a pair at most");
        assertEquals(cycles(TestCores.skylakeLike(false), "movzx edx, BYTE PTR [rbp+rcx*1]", "mov BYTE PTR [rdi+rcx*1], dl"), indexed, 0.05,
                "indexed: as on a core without renaming");
        double any = cycles(renaming(EnumSet.of(CoreSpec.RenamingShape.ANY), WIDTHS), "movzx edx, BYTE PTR [rbp+rcx*1]", "mov BYTE PTR [rdi+rcx*1], dl");
        assertEquals(renamed, any, 0.05, "the shape any takes the indexed pair too");
    }

    @Test
    void aSignExtendingLoadIsRenamedOnlyWhenTheModelListsIt() {
        String[] pair = {"movsxd rdx, DWORD PTR [rax+0x8]", "mov DWORD PTR [rax+0x8], edx"};
        double forwarded = cycles(TestCores.skylakeLike(false), pair);
        assertEquals(forwarded, cycles(renaming(EnumSet.of(CoreSpec.RenamingShape.UNINDEXED), WIDTHS), pair), 0.05);
        Set<CoreSpec.RenamedValue> all = EnumSet.copyOf(WIDTHS);
        all.add(CoreSpec.RenamedValue.SIGN_EXTENDED);
        double renamed = cycles(renaming(EnumSet.of(CoreSpec.RenamingShape.UNINDEXED), all), pair);
        assertEquals(true, renamed < forwarded - 2, "listed: renamed (" + renamed + " against " + forwarded + ")");
    }
}
