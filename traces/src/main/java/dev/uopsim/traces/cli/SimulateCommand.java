package dev.uopsim.traces.cli;

import dev.uopsim.cli.Command;
import dev.uopsim.cli.Console;
import dev.uopsim.cli.ExitCode;
import dev.uopsim.cli.UsageException;
import dev.uopsim.common.InputException;
import dev.uopsim.common.Json;
import dev.uopsim.isa.FormTable;
import dev.uopsim.machine.BoundModel;
import dev.uopsim.machine.cli.ModelOptions;
import dev.uopsim.sim.CoreSpec;
import dev.uopsim.sim.Engine;
import dev.uopsim.sim.ModelCore;
import dev.uopsim.sim.SimulationResult;
import dev.uopsim.sim.Simulator;
import dev.uopsim.sim.TimingTable;
import dev.uopsim.traces.Kernel;
import dev.uopsim.traces.KernelReader;
import dev.uopsim.traces.Simulations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** {@code uopsim simulate}: run a kernel through the cycle-level engine on a machine model. */
public final class SimulateCommand implements Command {
    @Override
    public String name() { return "simulate"; }

    @Override
    public String summary() { return "simulate a kernel cycle by cycle on a machine model"; }

    @Override
    public String synopsis() {
        return "simulate FILE --uarch NAME|PATH [--set k=v]... [--mode loop|unrolled] [--init same|distinct] [--iterations N] [--json]";
    }

    @Override
    public String description() {
        return """
                Runs the kernel on the model until it reaches a steady state and reports cycles per
                iteration (JSON key cycles_per_iteration), IPC and µops per cycle. What-if options change
                the model for this run only, e.g. --add-port P11 --like P2 or --set rob.size=512.

                Examples:
                  uopsim simulate memdep-H --uarch skylake
                  uopsim simulate --hex 4801d84883c301 --uarch zen2 --json
                """;
    }

    @Override
    public Options options() {
        Options o = KernelOptions.add(new Options(), true);
        ModelOptions.add(o, true);
        o.addOption(Option.builder().longOpt("iterations").hasArg().argName("N")
                .desc("iterations at most (default 2000; the run stops when the steady state is reached)").build());
        o.addOption(Option.builder().longOpt("json").desc("print JSON").build());
        return o;
    }

    @Override
    public int run(CommandLine line, Console console) {
        String uarch = line.getOptionValue("uarch");
        if (uarch == null) throw new UsageException("--uarch is required", "e.g. --uarch skylake ('uopsim models list' shows the models)");
        Kernel kernel = new KernelReader(FormTable.shipped()).read(KernelOptions.file(line, name()), KernelOptions.from(line));
        BoundModel bound = ModelOptions.bind(line, uarch);
        CoreSpec core = ModelCore.core(bound);
        TimingTable timings = ModelCore.timings(bound);
        int iterations = iterations(line);
        SimulationResult r;
        try {
            r = Simulator.run(core, timings, Simulations.input(kernel), new Simulator.Options(iterations, 0, List.of()));
        } catch (Engine.MissingTimingException e) {
            var i = e.instruction();
            throw new InputException(i.location().source(), i.location().line(), i.location().column(),
                    "the " + bound.name() + " model has no timing for " + i.form().name(),
                    "choose another model, or add the row with --model-overlay");
        }
        if (line.hasOption("json")) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("kernel", kernel.name());
            doc.put("uarch", bound.name());
            doc.put("mode", kernel.mode().name().toLowerCase(Locale.ROOT));
            doc.put("init", kernel.init().name().toLowerCase(Locale.ROOT));
            doc.put("cycles_per_iteration", r.cyclesPerIteration());
            doc.put("settled", r.settled());
            doc.put("iterations", r.iterations());
            doc.put("ipc", r.ipc());
            doc.put("uops_per_cycle", r.uopsPerCycle());
            console.out().println(Json.write(doc));
        } else {
            console.out().printf("%s on %s (%s, init %s)%n", kernel.name(), bound.name(), kernel.mode().name().toLowerCase(Locale.ROOT),
                    kernel.init().name().toLowerCase(Locale.ROOT));
            console.out().printf("  cycles per iteration  %.2f%s%n", r.cyclesPerIteration(), r.settled() ? "" : "  (never settled: last window)");
            console.out().printf("  IPC                   %.2f%n", r.ipc());
            console.out().printf("  µops per cycle        %.2f%n", r.uopsPerCycle());
            console.out().printf("  iterations simulated  %d (%d cycles)%n", r.iterations(), r.cycles());
        }
        return ExitCode.OK;
    }

    private static int iterations(CommandLine line) {
        String v = line.getOptionValue("iterations", "2000");
        try {
            int n = Integer.parseInt(v);
            if (n < 2) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--iterations takes a count of at least 2, not '" + v + "'");
        }
    }
}
