package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.Json;
import dev.uopsim.model.LoadedModel;
import dev.uopsim.model.MachineModel;
import dev.uopsim.model.ModelLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A measured model stands for a shipped one only when it was measured on a CPU that model describes. */
class ModelsAdoptTest {
    @TempDir Path dir;

    /** A model as characterize writes one: a full model (zen4's, resolved) with the CPU it was measured on. */
    @SuppressWarnings("unchecked")
    private Path measured(String vendor, int family, int model, String hypervisor, String core) throws Exception {
        Map<String, Object> tree = Json.mapper().convertValue(ModelLoader.load("zen4").tree(), LinkedHashMap.class);
        tree.put("name", "host-test");
        tree.remove("generated");
        Map<String, Object> machine = new LinkedHashMap<>(Map.of("vendor", vendor, "family", family, "model", model, "brand", "test cpu"));
        if (hypervisor != null) machine.put("hypervisor", hypervisor);
        if (core != null) machine.put("core", core);
        tree.put("generated", Map.of("command", "uopsim characterize --out host.json", "machine", machine));
        Path p = dir.resolve("measured-" + family + "-" + model + ".json");
        Files.writeString(p, Json.write(tree));
        return p;
    }

    @Test
    void anotherVendorsMeasurementsAreRefusedAndNothingIsWritten() throws Exception {
        Path out = dir.resolve("zen3.json");
        var r = CommandLineRunner.run("models", "adopt", measured("GenuineIntel", 6, 0xa7, "KVMKVMKVM", "sapphirerapids").toString(),
                "--as", "zen3", "-o", out.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("another CPU's figures never stand for zen3"), r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aModelOutsideTheRangesIsRefusedEvenFromTheSameVendor() throws Exception {
        // Family 25 model 0x61 is a Zen 4, which zen3's ranges leave out.
        var r = CommandLineRunner.run("models", "adopt", measured("AuthenticAMD", 25, 0x61, null, "zen4").toString(), "--as", "zen3",
                "-o", dir.resolve("zen3.json").toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("outside family 25 models 0x00-0x0F"), r.err());
    }

    @Test
    void aZen3MeasurementBecomesZen3WithTheCommandRecorded() throws Exception {
        Path in = measured("AuthenticAMD", 25, 0x21, null, "zen3");
        Path out = dir.resolve("zen3.json");
        var r = CommandLineRunner.run("models", "adopt", in.toString(), "--as", "zen3", "-o", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        LoadedModel adopted = ModelLoader.load(out.toString());
        MachineModel m = adopted.model();
        assertEquals("zen3", m.name());
        assertEquals(ModelLoader.load("zen3").model().cpuid(), m.cpuid());
        assertTrue(m.generated().command().startsWith("uopsim models adopt " + in), m.generated().command());
        assertEquals(25, m.generated().machine().family());
        assertTrue(m.title().contains("measured by uopsim characterize on AuthenticAMD family 25 model 0x21"), m.title());
        assertTrue(m.sources().get("measured-by").note().contains("uopsim characterize --out host.json"));
    }

    @Test
    void underAHypervisorTheCoreUopsimNamedDecides() throws Exception {
        // A masked model number (0xff) in a KVM guest: the core named from the rest of CPUID is zen3.
        var r = CommandLineRunner.run("models", "adopt", measured("AuthenticAMD", 25, 0xff, "KVMKVMKVM", "zen3").toString(), "--as", "zen3",
                "-o", dir.resolve("zen3.json").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("under KVMKVMKVM the model number is not the core's"), r.out());
    }

    @Test
    void aModelThatDoesNotSayWhereItWasMeasuredIsRefused() throws Exception {
        Path p = dir.resolve("plain.json");
        @SuppressWarnings("unchecked")
        Map<String, Object> tree = Json.mapper().convertValue(ModelLoader.load("zen4").tree(), LinkedHashMap.class);
        tree.remove("generated");
        Files.writeString(p, Json.write(tree));
        var r = CommandLineRunner.run("models", "adopt", p.toString(), "--as", "zen3", "-o", dir.resolve("zen3.json").toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("no generated.machine"), r.err());
    }
}
