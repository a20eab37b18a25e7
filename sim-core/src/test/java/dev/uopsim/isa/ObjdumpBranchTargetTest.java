package dev.uopsim.isa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uopsim.isa.decode.ObjdumpDecoder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Branch targets as objdump prints them: absolute, so one far back from the first block wraps around. */
class ObjdumpBranchTargetTest {
    @Test
    void aTargetBeforeTheFirstBlockIsAnOffsetBeforeIt() {
        assumeTrue(Binutils.available(), "GNU as and objdump are not installed");
        // jmp rel32 -0x80000000 at offset 0: objdump prints 0xffffffff80000005
        byte[] far = {(byte) 0xE9, 0x00, 0x00, 0x00, (byte) 0x80};
        byte[] near = {(byte) 0x48, 0x01, (byte) 0xC8, (byte) 0x75, (byte) 0xFB};       // add rax, rcx; jnz to the add
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(FormTable.shipped()).decode(List.of(far, near), "branches");
        assertTrue(decoded.get(0).ok(), () -> String.valueOf(decoded.get(0).error()));
        assertEquals(new BranchTarget(null, 5 - 0x80000000L), decoded.get(0).instructions().getFirst().operands().getFirst());
        assertEquals(new BranchTarget(null, 0), decoded.get(1).instructions().get(1).operands().getFirst(), "back to the block's start");
    }
}
