package dev.uopsim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.machine.ModelBinder;
import dev.uopsim.model.ModelLoader;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.ShippedKernels;
import dev.uopsim.traces.Simulations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden reports per microarchitecture: every shipped kernel's simulated cycles per iteration, as
 * the engine computed them when the file was last regenerated. A change in the engine or a model
 * that moves a figure fails here until the file is regenerated on purpose:
 *
 * <pre>mvn -B -pl validation test -Dtest=GoldenReportsTest -Duopsim.golden.update=true</pre>
 *
 * (then review the diff). The files are written by this test, never by hand.
 */
class GoldenReportsTest {
    private static final Path DIRECTORY = Path.of("src/test/resources/golden");

    @ParameterizedTest
    @ValueSource(strings = {"skylake", "haswell", "icelake", "zen2", "zen3", "k8"})
    void simulatedFiguresMatchTheGoldenReport(String uarch) throws IOException {
        var bound = ModelBinder.bind(ModelLoader.load(uarch));
        var core = ModelCore.core(bound);
        var timings = ModelCore.timings(bound);
        KernelReader reader = new KernelReader(FormTable.shipped());
        Map<String, Object> report = new LinkedHashMap<>();
        for (String name : ShippedKernels.names()) {
            SimulationResult r = Simulator.run(core, timings, Simulations.input(reader.read(name, KernelReader.Options.DEFAULT)),
                    Simulator.Options.DEFAULT);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("cycles_per_iteration", Math.round(r.cyclesPerIteration() * 1000) / 1000.0);
            entry.put("settled", r.settled());
            report.put(name, entry);
        }
        String text = Json.write(report) + "\n";
        Path file = DIRECTORY.resolve(uarch + ".json");
        if (Boolean.getBoolean("uopsim.golden.update") || !Files.exists(file)) {
            Files.createDirectories(DIRECTORY);
            Files.writeString(file, text);
        }
        assertEquals(Files.readString(file), text, "the simulated figures moved; if on purpose, regenerate: "
                + "mvn -B -pl validation test -Dtest=GoldenReportsTest -Duopsim.golden.update=true");
    }
}
