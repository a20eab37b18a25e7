package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.NativeTests;
import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.InstructionForm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second pass of a characterization: every benchmark of a form is measured again, the reading kept
 * is the settled one (of two settled, the lower), the form is journaled as pass 2 and not taken a third
 * time when the run is resumed.
 */
class SecondPassTest {
    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void anUnsettledBenchmarkIsMeasuredAgainOnceAndItsFormJournaledAsPassTwo() throws Exception {
        NativeTests.assumeNativeRuns();
        InstructionForm add = FormTable.shipped().byName("ADD_01 (R64, R64)").orElseThrow();
        try (Session session = Session.open()) {
            Generator generator = new Generator(session.host().cpu());
            BenchmarkRunner runner = session.runner().samples(12);
            Map<String, Object> header = new LinkedHashMap<>();
            header.put("cpu_identity", session.host().cpu().identity());
            Path clean = dir.resolve("clean.jsonl");
            try (Journal journal = Journal.create(clean, header)) {
                new Characterizer(generator, runner, journal).run(List.of(add), r -> { }, () -> false);
            }
            // The same journal, with every sample of the first throughput benchmark spoiled as a busy host
            // spoils them: the clock ratio moved during each (and no cycle count, where perf counts them).
            String unsettledName = generator.throughput(add).getFirst().name();
            Path doctored = dir.resolve("doctored.jsonl");
            List<String> lines = new ArrayList<>();
            for (String line : Files.readAllLines(clean)) {
                Map<String, Object> rec = Journal.mapper().readValue(line, Map.class);
                if ("bench".equals(rec.get("type")) && unsettledName.equals(rec.get("name"))) {
                    List<List<Number>> samples = (List<List<Number>>) rec.get("samples");
                    for (int i = 0; i < samples.size(); i++) {
                        List<Number> s = new ArrayList<>(samples.get(i));
                        long calShortAfter = s.get(4).longValue(), calLongAfter = s.get(5).longValue();
                        s.set(5, calLongAfter + (calLongAfter - calShortAfter) / 10);
                        s.set(7, 0L);
                        samples.set(i, s);
                    }
                    line = Journal.mapper().writeValueAsString(rec);
                }
                lines.add(line);
            }
            Files.write(doctored, lines);
            try (Journal journal = Journal.resume(doctored, session.host().cpu().identity(), null)) {
                Characterizer c = new Characterizer(generator, runner, journal);
                List<Map<String, Object>> results = new ArrayList<>();
                c.run(List.of(add), results::add, () -> false);
                Map<String, Object> doctoredResult = new LinkedHashMap<>(results.getFirst());
                doctoredResult.put("throughput_stable", false);
                results.set(0, doctoredResult);

                List<Characterizer.FirstPass> firstPass = c.firstPassOnly(List.of(add), results);
                assertEquals(1, firstPass.size());
                List<Measurement> first = firstPass.getFirst().first();
                List<Benchmark> benchmarks = firstPass.getFirst().plan().benchmarks();
                int spoiled = -1;
                for (int i = 0; i < benchmarks.size(); i++) if (benchmarks.get(i).name().equals(unsettledName)) spoiled = i;
                assertFalse(first.get(spoiled).estimate().stable(), "the spoiled samples do not settle");
                Characterizer.Retake retake = c.secondPass(firstPass, results, n -> { }, () -> false);
                assertEquals(1, retake.forms());
                assertEquals(benchmarks.size(), retake.benchmarks(), "every benchmark of the form is measured again");
                assertTrue(retake.settled() <= benchmarks.size());
                assertEquals(2, journal.formPass(add.name()));
                assertEquals(2, Journal.passOf(journal.benches().get(unsettledName)));
                Measurement second = runner.fromJournal(journal.benches().get(unsettledName), benchmarks.get(spoiled).kind());
                // The kept reading is the settled one where only one settled, else the lower.
                Measurement kept = JournalMeasurer.median(List.of(first.get(spoiled), second));
                if (second.settled()) assertTrue(kept == second, "a settled second reading replaces an unsettled first one");
                assertTrue(results.getFirst() != doctoredResult, "the second pass's result replaces the first");
                assertTrue(c.firstPassOnly(List.of(add), results).isEmpty(), "a form is measured again once per journal");
            }
            try (Journal journal = Journal.resume(doctored, session.host().cpu().identity(), null)) {
                assertEquals(2, journal.formPass(add.name()), "the second pass survives a resume");
                assertFalse(journal.forms().isEmpty());
            }
        }
    }
}
