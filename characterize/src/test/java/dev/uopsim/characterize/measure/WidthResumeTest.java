package dev.uopsim.characterize.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.characterize.NativeTests;
import dev.uopsim.characterize.bench.Benchmark;
import dev.uopsim.characterize.bench.Generator;
import dev.uopsim.characterize.journal.Journal;
import dev.uopsim.common.MeasurementException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stops when the front end's NOPs never read a whole number of slots a cycle (another tenant
 * shared the core throughout). Resumed, it must not read the same spoiled attempts from the journal
 * and stop again: it measures new ones.
 */
class WidthResumeTest {
    @TempDir
    Path dir;

    @Test
    void aResumedRunMeasuresTheNopsAgainAfterTheJournaledAttempts() throws Exception {
        NativeTests.assumeNativeRuns();
        try (Session session = Session.open()) {
            Generator generator = new Generator(session.host().cpu());
            BenchmarkRunner runner = session.runner().samples(12);
            Map<String, Object> header = new LinkedHashMap<>();
            header.put("cpu_identity", session.host().cpu().identity());

            // given a journal whose every attempt at the NOPs failed, as a run that stopped there leaves it
            Path busy = dir.resolve("busy.jsonl");
            try (Journal journal = Journal.create(busy, header)) {
                for (int k = 0; k < HostInference.PROBE_ATTEMPTS; k++) {
                    for (Benchmark b : HostInference.frontEndBenchmarks(k)) {
                        Measurement spoiled = Measurement.failed(b.name(), "read on a shared core", BenchmarkRunner.hash(runner.programs(b), b));
                        journal.append(spoiled.journalRecord("phase", "frontend", runner.clock().kind().id()), false);
                    }
                }
            }

            // when it is replayed, the width cannot be had: the replay stops as the run did
            try (Journal journal = Journal.read(busy)) {
                HostInference replay = new HostInference(generator, new JournalMeasurer(runner, journal, false), line -> { });
                MeasurementException stop = assertThrows(MeasurementException.class, replay::measureWidth);
                assertTrue(stop.getMessage().contains("in " + HostInference.PROBE_ATTEMPTS + " attempts"), stop.getMessage());
            }

            // when it is resumed on this machine
            try (Journal journal = Journal.resume(busy, session.host().cpu().identity(), null)) {
                List<String> log = new ArrayList<>();
                HostInference resumed = new HostInference(generator, new JournalMeasurer(runner, journal, true), log::add);
                try {
                    resumed.measureWidth();
                } catch (MeasurementException stillBusy) {
                    // this machine is busy now too: the attempts below were still measured
                }

                // then it measured a new attempt rather than stopping on the journal's, which stay as they were
                String fresh = HostInference.frontEndBenchmarks(HostInference.PROBE_ATTEMPTS).getFirst().name();
                assertTrue(journal.benches().containsKey(fresh), "no " + fresh + " in the journal; log: " + log);
                assertFalse(Boolean.TRUE.equals(journal.benches().get(HostInference.frontEndBenchmarks(0).getFirst().name()).get("ok")));
            }
        }
    }
}
