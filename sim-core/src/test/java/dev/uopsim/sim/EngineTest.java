package dev.uopsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EngineTest {
    private static double cpi(SimulationInput in) {
        return TestCores.cyclesPerIteration(TestCores.skylakeLike(), in);
    }

    @Test
    void aDependentAddChainRunsAtOneCyclePerAdd() {
        assertEquals(4.0, cpi(TestCores.unrolled("add rax, 1", "add rax, 1", "add rax, 1", "add rax, 1")), 0.01);
    }

    @Test
    void independentAddsAreBoundByTheRenameWidth() {
        assertEquals(2.0, cpi(TestCores.unrolled("add rax, 1", "add rbx, 1", "add rcx, 1", "add rdx, 1",
                "add rsi, 1", "add rdi, 1", "add r8, 1", "add r9, 1")), 0.01);
    }

    @Test
    void imulIsBoundByItsOnePortAndItsLatency() {
        assertEquals(2.0, cpi(TestCores.unrolled("imul rax, rbx, 3", "imul rcx, rbx, 5")), 0.01, "one port: 1 per cycle");
        assertEquals(3.0, cpi(TestCores.unrolled("imul rax, rax")), 0.01, "latency 3");
    }

    @Test
    void zeroIdiomsBreakTheChain() {
        assertEquals(1.0, cpi(TestCores.unrolled("xor eax, eax", "add rax, 1", "add rax, 1", "add rax, 1")), 0.01);
    }

    @Test
    void aStoreToLoadRecurrenceRunsAtForwardingLatencyPlusTheAdd() {
        // *p = *p + 1 through memory: load (forwarded), add, store; forwarding 5 + add 1 = 6, plus the
        // odd cycle when the add's port is taken by an older µop.
        double c = cpi(TestCores.loop("top:", "mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rdi], eax",
                "dec rcx", "jnz top"));
        assertEquals(6.0, c, 0.1);
    }

    @Test
    void independentLoadStorePairsOverlap() {
        double c = cpi(TestCores.loop("top:", "mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rsi+64], eax",
                "dec rcx", "jnz top"));
        assertEquals(1.25, c, 0.3, "front end / rename bound, no recurrence through memory");
    }

    @Test
    void memoryRenamingTakesTheStoredRegister() {
        double c = TestCores.cyclesPerIteration(TestCores.skylakeLike(true), TestCores.loop("top:",
                "mov eax, DWORD PTR [rdi]", "add eax, 1", "mov DWORD PTR [rdi], eax", "dec rcx", "jnz top"));
        assertEquals(1.0, c, 0.3);
    }

    @Test
    void aFormWithoutMicroOpsStillPassesItsInputOn() {
        // given a model that lists MOVZX at zero µops (as imported tables do for eliminated forms)
        TimingTable zeroMovzx = form -> form.mnemonic().equals("MOVZX")
                ? new FormTiming(1, java.util.List.of(), LatencyTable.uniform(0)) : TestCores.RULES.timing(form);
        // when a chain runs through it: imul (3 cycles) -> movzx -> imul
        double c = TestCores.cyclesPerIteration(TestCores.skylakeLike(), zeroMovzx, TestCores.unrolled("imul eax, ebx, 3", "movzx ebx, al"));
        // then the chain keeps the imul's latency: the MOVZX names its input's value, it does not make a fresh one
        assertEquals(3.0, c, 0.01);
    }

    @Test
    void aLoadRenamedToAReadModifyWriteStoreWaitsForItsResult() {
        // given memory renaming and an ADD [m], r whose add takes 3 cycles
        TimingTable slowRmw = form -> form.name().equals("ADD (M32, R32)")
                ? new FormTiming(2, java.util.List.of(new UopSpec(UopKind.LOAD, TestCores.P2 | TestCores.P3, -1, 1),
                        UopSpec.compute(TestCores.ALU),
                        new UopSpec(UopKind.STORE_ADDRESS, TestCores.P2 | TestCores.P3 | TestCores.P7, -1, 1),
                        new UopSpec(UopKind.STORE_DATA, TestCores.P4, -1, 1)), LatencyTable.uniform(3))
                : TestCores.RULES.timing(form);
        // when each copy reads what the one before stored
        double c = TestCores.cyclesPerIteration(TestCores.skylakeLike(true), slowRmw, TestCores.unrolled("add DWORD PTR [rdi], eax"));
        // then the chain runs at the add's latency: the renamed load takes the stored result, not a ready value
        assertEquals(3.0, c, 0.05);
    }

    @Test
    void renamingOnlyImmediateReadModifyWritesLeavesARegisterSourcedChainToForwarding() {
        // given memory renaming that passes on only read-modify-writes without a register source
        CoreSpec full = TestCores.skylakeLike(true);
        CoreSpec.LoadStore ls = full.loadStore();
        CoreSpec immediateOnly = new CoreSpec(full.name(), full.portNames(), full.frontEnd(), full.renameWidth(), full.robSize(),
                full.retireWidth(), full.schedulers(), full.portPolicy(), new CoreSpec.LoadStore(ls.loadToUse(), ls.loadToUseComplex(),
                ls.vectorLoadExtra(), ls.loadBuffer(), ls.storeBuffer(), ls.forwardLatency(), ls.forwardFailPenalty(), true,
                ls.renamingLatency(), ls.renamingShapes(), ls.renamingPerCycle(), ls.dependencePolicy(), false, 0, false,
                CoreSpec.ReadModifyWriteRenaming.IMMEDIATE_SOURCE, CoreSpec.LoadBanks.NONE, true), full.rename());
        // when each copy adds to what the one before stored, from a register or an immediate
        double register = TestCores.cyclesPerIteration(immediateOnly, TestCores.RULES, TestCores.unrolled("add DWORD PTR [rdi], eax"));
        double immediate = TestCores.cyclesPerIteration(immediateOnly, TestCores.RULES, TestCores.unrolled("add DWORD PTR [rdi], 1"));
        double registerRenamed = TestCores.cyclesPerIteration(full, TestCores.RULES, TestCores.unrolled("add DWORD PTR [rdi], eax"));
        // then the register-sourced chain forwards through memory (5 cycles and the add), the immediate one runs at the add
        assertEquals(6.0, register, 0.1);
        assertEquals(1.0, immediate, 0.05);
        assertEquals(1.0, registerRenamed, 0.05);
    }

    @Test
    void loadsSharingAnL1BankStartOneAtATimeWhereTheBankTakesOne() {
        // given two load ports and L1 banks of 8 bytes that start one load a cycle each
        CoreSpec free = TestCores.skylakeLike();
        CoreSpec.LoadStore ls = free.loadStore();
        CoreSpec banked = new CoreSpec(free.name(), free.portNames(), free.frontEnd(), free.renameWidth(), free.robSize(),
                free.retireWidth(), free.schedulers(), free.portPolicy(), new CoreSpec.LoadStore(ls.loadToUse(), ls.loadToUseComplex(),
                ls.vectorLoadExtra(), ls.loadBuffer(), ls.storeBuffer(), ls.forwardLatency(), ls.forwardFailPenalty(), false, 0,
                ls.renamingShapes(), 0, ls.dependencePolicy(), false, 0, false, CoreSpec.ReadModifyWriteRenaming.ANY,
                new CoreSpec.LoadBanks(8, 1), true), free.rename());
        SimulationInput sameBank = TestCores.unrolled("mov eax, DWORD PTR [rdi]", "mov edx, DWORD PTR [rdi+64]");
        SimulationInput twoBanks = TestCores.unrolled("mov eax, DWORD PTR [rdi]", "mov edx, DWORD PTR [rdi+8]");
        // when pairs of loads read the same place of two lines, or two places of one line
        // then the pair in one bank takes two cycles, the pair in two banks one, as without banks
        assertEquals(2.0, TestCores.cyclesPerIteration(banked, sameBank), 0.05);
        assertEquals(1.0, TestCores.cyclesPerIteration(banked, twoBanks), 0.05);
        assertEquals(1.0, TestCores.cyclesPerIteration(free, sameBank), 0.05);
        // and a load wider than a bank takes every bank it spans: 16 bytes at 0 and at 8 share bank 1
        SimulationInput wide = TestCores.unrolled("movdqu xmm0, XMMWORD PTR [rdi]", "movdqu xmm1, XMMWORD PTR [rdi+8]");
        assertEquals(2.0, TestCores.cyclesPerIteration(banked, wide), 0.05);
        // but a prefetch (a load µop, as characterize finds it) reads no data: its 64-byte operand takes
        // no bank, and a load beside it goes in the same cycle
        TimingTable prefetchLoads = form -> form.has(dev.uopsim.isa.FormProperty.PREFETCH)
                ? new FormTiming(1, java.util.List.of(new UopSpec(UopKind.LOAD, TestCores.P2 | TestCores.P3, -1, 1)), LatencyTable.uniform(1))
                : TestCores.RULES.timing(form);
        SimulationInput prefetch = TestCores.unrolled("mov eax, DWORD PTR [rdi]", "prefetcht0 BYTE PTR [rdi+64]");
        assertEquals(1.0, TestCores.cyclesPerIteration(banked, prefetchLoads, prefetch), 0.05);
    }

    @Test
    void theStackEngineKeepsRspWaitingForTheValueItWasSetFrom() {
        // given RSP set from RBP, then two POPs, the second reloading RBP (a function epilogue, repeated)
        SimulationInput epilogue = TestCores.unrolled("lea rsp, [rbp-0x28]", "pop rbx", "pop rbp");
        // when it runs
        double c = TestCores.cyclesPerIteration(TestCores.skylakeLike(), epilogue);
        // then the second POP's address waits for the LEA, which waits for the last load of RBP: a load and
        // the LEA a copy (the stack engine adds 8 to that RSP, it does not make it ready)
        assertEquals(5.0, c, 0.05);
    }

    @Test
    void aFormTheModelGivesMicrocodeCyclesHoldsTheFrontEndThatLong() {
        // given a microcoded form (8 slots) whose model row says the sequencer takes 6 cycles for it
        TimingTable slowFlow = form -> form.name().equals("RCL (R64, CL)")
                ? new FormTiming(8, java.util.List.of(UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1), -1, 6)
                : TestCores.RULES.timing(form);
        TimingTable atItsRate = form -> form.name().equals("RCL (R64, CL)")
                ? new FormTiming(8, java.util.List.of(UopSpec.compute(TestCores.ALU)), LatencyTable.uniform(1))
                : TestCores.RULES.timing(form);
        // when it runs beside an independent add (its own register, so no chain binds)
        SimulationInput code = TestCores.unrolled("rcl rdx, cl", "add rsi, 1");
        // then each copy takes the sequencer's 6 cycles and the add's delivery after, not 8 slots at its rate
        double held = TestCores.cyclesPerIteration(TestCores.skylakeLike(), slowFlow, code);
        double rate = TestCores.cyclesPerIteration(TestCores.skylakeLike(), atItsRate, code);
        assertTrue(held >= 6.0 && held <= 7.05, "held " + held);
        assertTrue(rate < 4.0, "at its rate " + rate);
    }

    @Test
    void aMemoryOperandsOwnLatencyKeyIsNotAddedAfterTheLoad() {
        // given an FMA with a memory source whose row also names that operand (op2->op0 9: measured through the load)
        TimingTable keyed = form -> form.name().equals("VFMADD231PD (XMM, XMM, M128)")
                ? new FormTiming(1, java.util.List.of(new UopSpec(UopKind.LOAD, TestCores.P2 | TestCores.P3, -1, 1),
                        UopSpec.compute(TestCores.P0 | TestCores.P1)),
                        new LatencyTable(java.util.Map.of("op0->op0", 4, "op1->op0", 4, "op2->op0", 9, "*->*", 4)))
                : TestCores.RULES.timing(form);
        // when the accumulator chains through copies reading the same, unchanging memory
        double c = TestCores.cyclesPerIteration(TestCores.skylakeLike(), keyed,
                TestCores.unrolled("vfmadd231pd xmm0, xmm1, XMMWORD PTR [rsi]"));
        // then the chain is the accumulator's 4 cycles: the load runs ahead, its 9 is not paid again
        assertEquals(4.0, c, 0.05);
    }

    @Test
    void anInputsLatencyCountsFromItsProducerEvenWhenThatOneHasJustRetired() {
        // given an FMA whose accumulator takes 4 cycles and whose loaded operand 1 (no *->* figure)
        TimingTable perOperand = form -> form.name().equals("VFMADD231PD (XMM, XMM, M128)")
                ? new FormTiming(1, java.util.List.of(new UopSpec(UopKind.LOAD, TestCores.P2 | TestCores.P3, -1, 1),
                        UopSpec.compute(TestCores.P0 | TestCores.P1)),
                        new LatencyTable(java.util.Map.of("op0->op0", 4, "op1->op0", 4, "op2->op0", 9)))
                : TestCores.RULES.timing(form);
        // when each copy's accumulator comes from the copy before, which retires the cycle the next one computes
        double c = TestCores.cyclesPerIteration(TestCores.skylakeLike(), perOperand,
                TestCores.unrolled("vfmadd231pd xmm0, xmm1, XMMWORD PTR [rsi]"));
        // then the chain still takes the accumulator's 4 cycles (a retired producer's value is not "ready at 0")
        assertEquals(4.0, c, 0.05);
    }
}
