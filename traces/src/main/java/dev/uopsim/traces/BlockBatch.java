package dev.uopsim.traces;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import dev.uopsim.sim.Bounds;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.Engine;
import dev.uopsim.sim.SimulationInput;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Every block of a BHive-format file through the engine: decoded in one objdump batch, simulated
 * unrolled with BHive's register convention (all registers hold one address), on all cores. A
 * block that cannot be decoded or simulated gets its reason; the batch goes on.
 */
public final class BlockBatch {
    private BlockBatch() {}

    /** Why a block was not simulated. */
    public enum Skip {
        /** The row's hex is malformed. */
        BAD_HEX,
        /** An instruction decodes to no form the instruction model knows. */
        UNKNOWN_FORM,
        /** objdump could not decode the block (a cut-short instruction, bytes that are no instruction). */
        NOT_DECODED,
        /** The machine model has no timing for a form of the block. */
        MODEL_LACKS_FORM,
        /** The engine failed on the block (a bug: the message says where). */
        ENGINE_ERROR;

        /** The JSON and report key: {@code model_lacks_form}. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One block's outcome. {@code measured} is the file's figure (cycles per 100 iterations, or null);
     * {@code result}/{@code bounds} are null when {@code skipped} says why not, {@code skip} in which category.
     */
    public record Outcome(int line, String hex, Double measured, SimulationResult result, Bounds bounds, String skipped, Skip skip) {
        public boolean simulated() {
            return result != null;
        }

        /** The simulated figure in the file's unit, cycles per 100 iterations. */
        public double predicted() {
            return result.cyclesPerIteration() * 100;
        }

        public double analytical() {
            return bounds.max() * 100;
        }
    }

    /**
     * How the blocks were run: as loops ({@code loop}) or unrolled; with all registers holding one
     * address ({@code sameInit}) or distinct regions; unrolled code from the µop cache or the decoders.
     */
    public record Harness(boolean loop, boolean sameInit, boolean unrolledFromUopCache) {
        /**
         * BHive's convention: unrolled, one address in every register; unrolled code from the
         * decoders (BHive's own figures) or from the µop cache (blocks uopsim measure ran).
         */
        public static Harness bhive(boolean unrolledFromUopCache) {
            return new Harness(false, true, unrolledFromUopCache);
        }
    }

    /** Reads the file and decodes its blocks (rows with malformed hex are skipped with their reason), then simulates them as run by {@code harness}. */
    public static List<Outcome> decodeAndSimulate(Path file, CoreSpec core, TimingTable timings, Simulator.Options options,
                                                   int threads, IntConsumer progress, Harness harness) {
        List<KernelReader.BhiveRow> rows = KernelReader.readBhive(file);
        List<byte[]> blocks = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        Outcome[] out = new Outcome[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            KernelReader.BhiveRow r = rows.get(i);
            try {
                blocks.add(Hex.parse(r.hex(), file.toString(), r.line(), 0));
                index.add(i);
            } catch (InputException e) {
                out[i] = new Outcome(r.line(), r.hex(), r.cyclesPer100(), null, null, "bad hex: " + e.getMessage(), Skip.BAD_HEX);
            }
        }
        int[] lines = index.stream().mapToInt(i -> rows.get(i).line()).toArray();
        List<ObjdumpDecoder.Block> decoded = new ObjdumpDecoder(FormTable.shipped()).decode(blocks, file.toString(), lines);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Future<?>> jobs = new ArrayList<>();
            for (int b = 0; b < decoded.size(); b++) {
                int i = index.get(b);
                ObjdumpDecoder.Block block = decoded.get(b);
                KernelReader.BhiveRow r = rows.get(i);
                if (!block.ok()) {
                    out[i] = new Outcome(r.line(), r.hex(), r.cyclesPer100(), null, null, "not decoded: " + reason(block), skip(block));
                    progress.accept(1);
                    continue;
                }
                jobs.add(pool.submit(() -> {
                    out[i] = simulate(r, block, core, timings, options, harness);
                    progress.accept(1);
                }));
            }
            for (Future<?> f : jobs) f.get();
        } catch (Exception e) {
            throw new IllegalStateException("simulating " + file + " failed: " + e.getMessage(), e);
        } finally {
            pool.shutdownNow();
        }
        return List.of(out);
    }

    /** objdump's "(bad)" is bytes it cannot decode at all, not an instruction we lack a form for. */
    private static Skip skip(ObjdumpDecoder.Block b) {
        return b.failedText() != null && !b.failedText().contains("(bad)") ? Skip.UNKNOWN_FORM : Skip.NOT_DECODED;
    }

    private static String reason(ObjdumpDecoder.Block b) {
        if (b.failedText() != null && b.failedText().contains("(bad)")) return "objdump decodes no instruction from these bytes ('(bad)')";
        return b.failedText() != null ? "no form for '" + b.failedText() + "'" : b.error().getMessage();
    }

    private static Outcome simulate(KernelReader.BhiveRow r, ObjdumpDecoder.Block block, CoreSpec core, TimingTable timings,
                                    Simulator.Options options, Harness harness) {
        SimulationInput input = new SimulationInput("line " + r.line(), block.instructions(), harness.loop(), harness.sameInit(),
                Map.of(), harness.unrolledFromUopCache());
        try {
            SimulationResult result = Simulator.run(core, timings, input, options);
            Bounds bounds = Bounds.of(core, timings, input);
            return new Outcome(r.line(), r.hex(), r.cyclesPer100(), result, bounds, null, null);
        } catch (Engine.MissingTimingException e) {
            return new Outcome(r.line(), r.hex(), r.cyclesPer100(), null, null, "model lacks " + e.instruction().form().name(),
                    Skip.MODEL_LACKS_FORM);
        } catch (RuntimeException | StackOverflowError e) {
            // One block's failure must not end the batch: report it with the block.
            return new Outcome(r.line(), r.hex(), r.cyclesPer100(), null, null, "engine error: " + e, Skip.ENGINE_ERROR);
        }
    }
}
