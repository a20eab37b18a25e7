package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One mechanism per test, on the small Skylake-like fixture core (given / when / then). */
class PipelineMechanismsTest {
    private static double cpi(CoreSpec core, TimingTable t, SimulationInput in) {
        Engine e = new Engine(core, t, in, EngineListener.NONE, 400);
        e.run(400, 1_000_000);
        return (e.iterationEnd(299) - e.iterationEnd(99)) / 200.0;
    }

    /** The fixture's rules with two store-data ports (4 and 6). */
    private static final TimingTable TWO_STORE_PORTS = form -> form.writesMemory() && !form.readsMemory()
            ? new FormTiming(1, List.of(new UopSpec(UopKind.STORE_ADDRESS, TestCores.P2 | TestCores.P3 | TestCores.P7, -1, 1),
                    new UopSpec(UopKind.STORE_DATA, TestCores.P4 | TestCores.P6, -1, 1)), LatencyTable.uniform(1))
            : TestCores.RULES.timing(form);

    /** The fixture's rules, with some forms given other timings. */
    private static TimingTable with(Map<String, FormTiming> overrides) {
        return form -> overrides.getOrDefault(form.name(), TestCores.RULES.timing(form));
    }

    @Test
    void aLengthChangingPrefixStallsThePredecoder() {
        // given 16-bit adds with a 16-bit immediate (66h changes the immediate's length)
        SimulationInput lcp = TestCores.unrolled("add cx, 0x1234", "add dx, 0x1234");
        SimulationInput plain = TestCores.unrolled("add ecx, 0x12345", "add edx, 0x12345");
        // then each pays the penalty (3) on top of its predecode cycle; the 32-bit ones do not
        assertTrue(cpi(TestCores.skylakeLike(), TestCores.RULES, lcp) >= 6.0, "LCP");
        assertTrue(cpi(TestCores.skylakeLike(), TestCores.RULES, plain) <= 1.0, "no LCP");
    }

    @Test
    void onlyTheFirstDecoderTakesMultiUopInstructions() {
        // given two-slot instructions, unrolled (legacy decoders)
        FormTiming two = new FormTiming(2, List.of(UopSpec.compute(TestCores.ALU), UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1));
        TimingTable t = with(Map.of("ADD (R64, I8)", two));
        // then one decodes per cycle: 4 of them take 4 cycles although rename could take 2 per cycle
        assertEquals(4.0, cpi(TestCores.skylakeLike(), t, TestCores.unrolled("add rax, 1", "add rbx, 1", "add rcx, 1", "add rdx, 1")), 0.05);
    }

    @Test
    void longInstructionsComeFromTheMicrocodeSequencer() {
        // given an 8-µop instruction (over the 4-µop threshold) on a 4-µops-per-cycle sequencer
        FormTiming eight = new FormTiming(8, java.util.Collections.nCopies(8, UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1));
        TimingTable t = with(Map.of("ADD (R64, I8)", eight));
        // then it takes two cycles of the front end
        assertEquals(2.0, cpi(TestCores.skylakeLike(), t, TestCores.unrolled("add rax, 1")), 0.05);
    }

    @Test
    void aNonPipelinedUnitIsBusyForItsOccupancy() {
        // given a 1-µop divide on port 0's divider, busy 6 cycles, latency 10, on independent registers
        FormTiming div = new FormTiming(1, List.of(new UopSpec(UopKind.COMPUTE, TestCores.P0, 4, 6)), LatencyTable.uniform(10));
        TimingTable t = with(Map.of("IMUL_IMMB (R64, R64, I8)", div));
        // then throughput is one per 6 cycles, not one per cycle
        assertEquals(12.0, cpi(TestCores.skylakeLike(), t, TestCores.unrolled("imul rax, rbx, 3", "imul rcx, rbx, 3")), 0.05);
    }

    @Test
    void macroFusedPairsTakeOneSlot() {
        // given a loop of 7 single-µop ALU instructions and a dec + jnz pair: 8 slots if fused, 9 if not
        SimulationInput loop = TestCores.loop("top:", "add rax, 1", "add rbx, 1", "add rsi, 1", "add rdi, 1",
                "add r8, 1", "add r9, 1", "add r10, 1", "dec rcx", "jnz top");
        // then rename (4 wide) takes 2 cycles per iteration
        assertEquals(2.0, cpi(TestCores.skylakeLike(), TestCores.RULES, loop), 0.05);
    }

    @Test
    void aLoadPartlyCoveredByAStoreWaitsForTheCommit() {
        // given a 4-byte store and an 8-byte load of the same address, a recurrence through them
        SimulationInput partial = TestCores.loop("top:", "mov rax, QWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rdi], eax",
                "dec rcx", "jnz top");
        SimulationInput whole = TestCores.loop("top:", "mov rax, QWORD PTR [rdi]", "add rax, 1", "mov QWORD PTR [rdi], rax",
                "dec rcx", "jnz top");
        // then forwarding fails: the chain waits for the store's commit, the failure penalty (12) and
        // the add, instead of forwarding (5) and the add
        double p = cpi(TestCores.skylakeLike(), TestCores.RULES, partial);
        double w = cpi(TestCores.skylakeLike(), TestCores.RULES, whole);
        assertEquals(6.0, w, 0.1);
        assertTrue(p >= 12 + 1 + 1, "partial " + p + " vs whole " + w);
    }

    @Test
    void aByteLoadReadsTheSharedValuesBytesSoAHistogramsIndexRepeats() {
        // given a histogram over memory that holds BHive's value 0x2324000 in every 8 bytes: the bytes
        // read are 00 40 32 02 00 00 00 00, so five of eight increments hit the same counter
        SimulationInput histogram = TestCores.loop("top:", "movzx eax, BYTE PTR [rsi]", "inc rsi", "inc DWORD PTR [rdi+rax*4]", "dec rcx", "jnz top");
        // and the same loop with an index that never repeats
        SimulationInput distinct = TestCores.loop("top:", "movzx eax, BYTE PTR [rsi]", "inc rsi", "inc DWORD PTR [rdi+rsi*4]", "dec rcx", "jnz top");
        // then the repeated increments wait for each other's stores (forwarding 5 + the add, per repeat)
        double repeated = cpi(TestCores.skylakeLike(), TestCores.RULES, histogram);
        double apart = cpi(TestCores.skylakeLike(), TestCores.RULES, distinct);
        assertTrue(repeated > apart + 1.5, "histogram " + repeated + ", distinct counters " + apart);
    }

    @Test
    void aLoopWithAPeriodOfEightIterationsSettles() {
        // given the histogram, whose pattern of counters repeats every 8 iterations (60 is no multiple of 8)
        SimulationInput histogram = TestCores.loop("top:", "movzx eax, BYTE PTR [rsi]", "inc rsi", "inc DWORD PTR [rdi+rax*4]", "dec rcx", "jnz top");
        SimulationResult r = Simulator.run(TestCores.skylakeLike(), TestCores.RULES, histogram, Simulator.Options.DEFAULT);
        // then the run settles on windows of twice the length, long before the iteration limit
        assertTrue(r.settled(), r.toString());
        assertTrue(r.iterations() < 1000, r.toString());
        assertEquals(cpi(TestCores.skylakeLike(), TestCores.RULES, histogram), r.cyclesPerIteration(), 0.1);
    }

    @Test
    void waitingForOlderStoreAddressesSerialisesLoadsBehindSlowAddresses() {
        // given stores whose address comes from a long chain, and independent loads after them
        SimulationInput in = TestCores.loop("top:", "imul rsi, rsi, 1", "mov DWORD PTR [rsi+64], eax", "mov ebx, DWORD PTR [rdi]",
                "add ebx, 1", "dec rcx", "jnz top");
        CoreSpec predict = TestCores.skylakeLike();
        CoreSpec.LoadStore ls = predict.loadStore();
        CoreSpec wait = new CoreSpec(predict.name(), predict.portNames(), predict.frontEnd(), predict.renameWidth(), predict.robSize(),
                predict.retireWidth(), predict.schedulers(), predict.portPolicy(), new CoreSpec.LoadStore(ls.loadToUse(),
                ls.loadToUseComplex(), ls.vectorLoadExtra(), ls.loadBuffer(), ls.storeBuffer(), ls.forwardLatency(),
                ls.forwardFailPenalty(), false, 0, ls.renamingShapes(), 0, CoreSpec.DependencePolicy.WAIT_FOR_OLDER_STORES, false),
                predict.rename());
        // then both run at the IMUL chain's 3 cycles (the loads are off the critical path), but with the
        // waiting policy every load trails its store's address: the loop gets no faster than the chain
        assertEquals(3.0, cpi(predict, TestCores.RULES, in), 0.1);
        assertTrue(cpi(wait, TestCores.RULES, in) >= 3.0);
    }

    @Test
    void theReorderBufferBoundsHowFarIndependentWorkRunsAhead() {
        // given a long-latency chain and independent work, with a small reorder buffer
        CoreSpec big = TestCores.skylakeLike();
        CoreSpec small = new CoreSpec(big.name(), big.portNames(), big.frontEnd(), big.renameWidth(), 8, big.retireWidth(),
                big.schedulers(), big.portPolicy(), big.loadStore(), big.rename());
        SimulationInput in = TestCores.unrolled("imul rax, rax", "add rbx, 1", "add rcx, 1", "add rdx, 1", "add rsi, 1",
                "add rdi, 1", "add r8, 1", "add r9, 1", "add r10, 1", "add r11, 1", "add r12, 1", "add r13, 1");
        // then with 224 entries the IMUL chain (3/iteration) hides the adds; with 8 it cannot
        assertEquals(3.0, cpi(big, TestCores.RULES, in), 0.05);
        assertTrue(cpi(small, TestCores.RULES, in) > 3.5);
    }

    @Test
    void storesToDistinctLinesCommitOneLinePerCycle() {
        // given two store-data ports (4 and 6) and a core that commits two stores per cycle only to one line
        CoreSpec free = TestCores.skylakeLike();
        CoreSpec.LoadStore ls = free.loadStore();
        CoreSpec lineBound = new CoreSpec(free.name(), free.portNames(), free.frontEnd(), free.renameWidth(), free.robSize(),
                free.retireWidth(), free.schedulers(), free.portPolicy(), new CoreSpec.LoadStore(ls.loadToUse(),
                ls.loadToUseComplex(), ls.vectorLoadExtra(), ls.loadBuffer(), ls.storeBuffer(), ls.forwardLatency(),
                ls.forwardFailPenalty(), false, 0, ls.renamingShapes(), 0, ls.dependencePolicy(), false, 2, true),
                free.rename());
        SimulationInput distinct = TestCores.loop("top:", "mov DWORD PTR [rdi], eax", "mov DWORD PTR [rdi+64], eax",
                "mov DWORD PTR [rdi+128], eax", "mov DWORD PTR [rdi+192], eax", "dec rcx", "jnz top");
        SimulationInput oneLine = TestCores.loop("top:", "mov DWORD PTR [rdi], eax", "mov DWORD PTR [rdi+4], eax",
                "mov DWORD PTR [rdi+8], eax", "mov DWORD PTR [rdi+12], eax", "dec rcx", "jnz top");
        // then without the rule the store-data ports bound both loops at 2 cycles; with it, four lines take 4
        assertEquals(2.0, cpi(free, TWO_STORE_PORTS, distinct), 0.1);
        assertEquals(4.0, cpi(lineBound, TWO_STORE_PORTS, distinct), 0.1);
        assertEquals(2.0, cpi(lineBound, TWO_STORE_PORTS, oneLine), 0.1);
    }

    @Test
    void storesWaitingToCommitKeepTheirPlaceWhateverTheBacklog() {
        // given stores retiring twice as fast as they commit, and a store buffer far larger than the
        // instructions in flight, so that retired stores pile up behind the commit limit
        CoreSpec free = TestCores.skylakeLike();
        CoreSpec.LoadStore ls = free.loadStore();
        CoreSpec oneCommit = new CoreSpec(free.name(), free.portNames(), free.frontEnd(), free.renameWidth(), free.robSize(),
                free.retireWidth(), free.schedulers(), free.portPolicy(), new CoreSpec.LoadStore(ls.loadToUse(),
                ls.loadToUseComplex(), ls.vectorLoadExtra(), ls.loadBuffer(), 5000, ls.forwardLatency(),
                ls.forwardFailPenalty(), false, 0, ls.renamingShapes(), 0, ls.dependencePolicy(), false, 1, false),
                free.rename());
        SimulationInput in = TestCores.loop("top:", "mov DWORD PTR [rdi], eax", "mov DWORD PTR [rdi+64], eax", "dec rcx", "jnz top");
        // then, once the backlog has filled the ring of instructions in flight, the commit rate sets
        // the pace, and the backlog corrupts nothing
        Engine e = new Engine(oneCommit, TWO_STORE_PORTS, in, EngineListener.NONE, 3000);
        e.run(3000, 10_000_000);
        assertEquals(2.0, (e.iterationEnd(2999) - e.iterationEnd(1999)) / 1000.0, 0.05);
    }

    @Test
    void unrolledCodeFromTheUopCacheIsNotBoundByFetch() {
        // given long instructions (10-byte MOVs, 30 bytes per copy) repeated back to back
        SimulationInput decoders = TestCores.unrolled("movabs rax, 0x1122334455667788", "movabs rbx, 0x1122334455667788",
                "movabs rcx, 0x1122334455667788");
        SimulationInput uopCache = decoders.withUnrolledFromUopCache(true);
        // then from the decoders 16 fetched bytes per cycle bound them; from the µop cache, its one
        // 32-byte window per cycle does
        assertEquals(30.0 / 16, TestCores.cyclesPerIteration(TestCores.skylakeLike(), TestCores.RULES, decoders), 0.1);
        assertEquals(30.0 / 32, TestCores.cyclesPerIteration(TestCores.skylakeLike(), TestCores.RULES, uopCache), 0.05);
    }
}
