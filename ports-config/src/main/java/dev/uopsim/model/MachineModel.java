package dev.uopsim.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One microarchitecture as data: identity, front end, rename, out-of-order window, schedulers,
 * ports, load/store unit and the instruction table. Loaded and checked by {@link ModelLoader}
 * from one JSON file per microarchitecture (plus the models it {@code extends}); every field is
 * documented by its {@link Param} annotation, which also carries its one default.
 *
 * <p>ports-config knows no instruction semantics: form names in {@link #instructions()} are
 * checked when sim-core binds the model to its instruction model.
 */
public record MachineModel(
        @Param("short name used on the command line (--uarch NAME)") String name,
        @Param(value = "human-readable name", def = "\"\"") String title,
        @Param("designer of the core") Vendor vendor,
        @Param(value = "CPUID family/model ranges this model describes", def = "[]") List<Cpuid> cpuid,
        @Param(value = "ISA extensions, in uops.info's family names (BASE, SSE2, AVX2, AVX512EVEX...)", def = "[]") List<String> isa,
        @Param(value = "where numbers come from: id -> document, table or measurement; each object's 'source' names one", def = "{}")
        Map<String, Source> sources,
        @Param(value = "fetch, decode, µop cache, loop buffer", def = "{}") FrontEnd frontEnd,
        @Param(value = "rename/allocate stage and its tricks", def = "{}") Rename rename,
        @Param(value = "reorder buffer", def = "{}") ReorderBuffer rob,
        @Param(value = "retirement", def = "{}") Retire retire,
        @Param("schedulers (reservation stations): one unified, or several queues each feeding some ports") List<Scheduler> schedulers,
        @Param("execution ports by name, in bit order; a µop names the ports it may use") Map<String, Port> ports,
        @Param(value = "load/store unit", def = "{}") Memory memory,
        @Param(value = "per-form timing: slots, µops, latencies", def = "{}") InstructionTable instructions,
        @Param(value = "bypass (forwarding) domains and the extra cycles between them; none by default", def = "{}") Bypass bypass,
        @Param(value = "how this file was generated (importer command and inputs); absent when written by hand", def = Param.OPTIONAL)
        Generated generated) {

    public MachineModel {
        cpuid = List.copyOf(cpuid);
        isa = List.copyOf(isa);
        sources = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sources));
        schedulers = List.copyOf(schedulers);
        ports = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ports));
    }

    /** Port names in bit order. */
    public List<String> portNames() {
        return List.copyOf(ports.keySet());
    }

    /** Ports holding a unit, in bit order. */
    public List<String> portsWith(Unit unit) {
        List<String> out = new ArrayList<>();
        ports.forEach((n, p) -> {
            if (p.units().contains(unit)) out.add(n);
        });
        return out;
    }

    public List<String> loadPorts() { return portsWith(Unit.LOAD); }

    public List<String> storeAddressPorts() { return portsWith(Unit.STORE_ADDRESS); }

    public List<String> storeDataPorts() { return portsWith(Unit.STORE_DATA); }

    public enum Vendor { INTEL, AMD, OTHER }

    /**
     * CPUID family (decimal, the displayed family: 6, 23 = 0x17, 25 = 0x19) and the displayed
     * models it covers, as hex numbers or ranges ({@code "0x4E"}, {@code "0x30-0x3F"}).
     */
    public record Cpuid(@Param("displayed CPUID family (decimal)") int family,
                        @Param("displayed models: hex numbers or ranges such as 0x30-0x3F") List<String> models,
                        @Param(value = "id in 'sources'", def = Param.OPTIONAL) String source) {
        public Cpuid {
            models = List.copyOf(models);
            for (String m : models) range(m);
        }

        public boolean matches(int fam, int model) {
            if (fam != family) return false;
            for (String m : models) {
                int[] r = range(m);
                if (model >= r[0] && model <= r[1]) return true;
            }
            return false;
        }

        static int[] range(String text) {
            String[] parts = text.split("-", -1);
            if (parts.length > 2) throw new IllegalArgumentException("'" + text + "' is not a model or a range (0x30-0x3F)");
            int lo = hex(parts[0]);
            int hi = parts.length == 2 ? hex(parts[1]) : lo;
            if (hi < lo) throw new IllegalArgumentException("range '" + text + "' ends before it starts");
            return new int[] {lo, hi};
        }

        private static int hex(String s) {
            String t = s.strip().toLowerCase();
            try {
                return t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + s + "' is not a model number (write 0x4E or 78)");
            }
        }
    }

    /** Where numbers come from. Give a url or a measurement id, and say so when it is provisional. */
    public record Source(@Param("what it is: document title, table, or what was measured") String title,
                         @Param(value = "where to read it", def = Param.OPTIONAL) String url,
                         @Param(value = "id of a measurement journal entry, for numbers measured by uopsim", def = Param.OPTIONAL) String measurement,
                         @Param(value = "version, commit, section, or what was derived from it and how", def = Param.OPTIONAL) String note,
                         @Param(value = "true when the numbers are a stand-in to be replaced (e.g. borrowed from a related core)", def = "false")
                         boolean provisional) {}

    /** How a generated model was made, so it can be made again instead of edited. */
    public record Generated(@Param("the command that wrote this file, run from the repository root") String command,
                            @Param(value = "input files and their SHA-256", def = "{}") Map<String, String> inputs,
                            @Param(value = "the CPU the figures were measured on (models written by uopsim characterize)", def = Param.OPTIONAL)
                            Machine machine) {}

    /** A CPU as CPUID shows it: what `uopsim models adopt` checks before a measured model may stand for a shipped one. */
    public record Machine(@Param("CPUID vendor string: GenuineIntel, AuthenticAMD") String vendor,
                          @Param("displayed CPUID family (decimal)") int family,
                          @Param("displayed CPUID model (decimal)") int model,
                          @Param(value = "CPUID stepping", def = "0") int stepping,
                          @Param(value = "CPUID brand string", def = "\"\"") String brand,
                          @Param(value = "hypervisor signature when measured in a virtual machine (the model number may be masked)", def = Param.OPTIONAL)
                          String hypervisor,
                          @Param(value = "the core uopsim named from CPUID (a shipped model's name where one describes it)", def = Param.OPTIONAL)
                          String core) {}
}
