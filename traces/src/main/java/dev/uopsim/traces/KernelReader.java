package dev.uopsim.traces;

import dev.uopsim.common.InputException;
import dev.uopsim.common.Suggestions;
import dev.uopsim.isa.BranchTarget;
import dev.uopsim.isa.FormProperty;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Register;
import dev.uopsim.isa.asm.AssemblyParser;
import dev.uopsim.isa.asm.Layout;
import dev.uopsim.isa.asm.Syntax;
import dev.uopsim.isa.decode.Hex;
import dev.uopsim.isa.decode.ObjdumpDecoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a kernel: an assembly file (Intel or AT&T) or machine code as hex, whose leading comment
 * lines may carry directives that every command taking a kernel understands:
 *
 * <pre>
 * # uopsim: mode loop|unrolled
 * # uopsim: init same|distinct
 * # uopsim: bind REG=OFFSET [REG=OFFSET ...]
 * </pre>
 *
 * Without a mode directive a kernel is a loop when its last instruction branches back to its start,
 * else it is unrolled; without an init directive registers follow BHive's convention (same).
 */
public final class KernelReader {
    private final FormTable table;

    /** What the command line says about the kernel; a null field means "as the file says". */
    public record Options(boolean hex, Syntax syntax, Kernel.Mode mode, Kernel.InitPolicy init) {
        public static final Options DEFAULT = new Options(false, Syntax.AUTO, null, null);
    }

    public KernelReader(FormTable table) {
        this.table = table;
    }

    /**
     * Reads {@code argument}: a file, {@code -} for standard input, the name of a kernel shipped with
     * uopsim ({@code memdep-H}), or (with {@code hex}) a hex string given on the command line.
     */
    public Kernel read(String argument, Options options) {
        String name;
        List<String> lines;
        if (argument.equals("-")) {
            name = "<stdin>";
            try {
                lines = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            } catch (IOException e) {
                throw new InputException("<stdin>", "cannot read standard input: " + e.getMessage(), null);
            }
        } else {
            Path path = Path.of(argument);
            Optional<List<String>> shipped = Files.exists(path) ? Optional.empty() : ShippedKernels.lines(argument);
            if (shipped.isPresent()) return parse(argument, shipped.get(), options);
            // With --hex, an argument that is not a file and does not look like a path is the code itself.
            if (options.hex() && !Files.exists(path) && !argument.contains("/") && !argument.contains(".")) {
                name = "<hex>";
                lines = List.of(argument);
            } else {
                name = argument;
                lines = readLines(path);
            }
        }
        return parse(name, lines, options);
    }

    static List<String> readLines(Path path) {
        try {
            return Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InputException(path.toString(), "no such file", "check the path");
        } catch (IOException e) {
            throw new InputException(path.toString(), "cannot read: " + e.getMessage(), null);
        }
    }

    /** Builds a kernel from text lines already read. */
    public Kernel parse(String name, List<String> lines, Options options) {
        Directives d = new Directives(name);
        List<Instruction> code;
        if (options.hex()) {
            StringBuilder hex = new StringBuilder();
            int firstLine = 0;
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i).strip();
                if (l.startsWith("#")) {
                    if (l.matches("#\\s*uopsim:.*")) d.apply(l.substring(l.indexOf(':') + 1).strip(), i + 1);
                    continue;
                }
                if (!l.isEmpty() && firstLine == 0) firstLine = i + 1;
                hex.append(l);
            }
            if (hex.isEmpty()) throw new InputException(name, "no machine code in the input", "give hex bytes such as 4801d8");
            byte[] bytes = Hex.parse(hex.toString(), name, Math.max(firstLine, 1), 0);
            code = new ObjdumpDecoder(table).decodeOne(bytes, name);
        } else {
            AssemblyParser parser = new AssemblyParser(table);
            AssemblyParser.Listing listing = parser.parse(name, lines, options.syntax());
            for (AssemblyParser.Directive directive : listing.directives()) d.apply(directive.text(), directive.line());
            if (listing.statements().isEmpty()) {
                throw new InputException(name, listing.regionMarked() ? "the marked region holds no instruction"
                        : "no instructions in the file", "a kernel is one or more x86-64 instructions, one per line");
            }
            code = Layout.place(parser, listing);
        }
        Kernel.Mode mode = options.mode() != null ? options.mode()
                : d.mode != null ? d.mode : branchesToStart(code) ? Kernel.Mode.LOOP : Kernel.Mode.UNROLLED;
        Kernel.InitPolicy init = options.init() != null ? options.init() : d.init != null ? d.init : Kernel.InitPolicy.SAME;
        return new Kernel(name, code, mode, init, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(d.bindings)));
    }

    private static boolean branchesToStart(List<Instruction> code) {
        if (code.isEmpty()) return false;
        Instruction last = code.getLast();
        if (!last.form().has(FormProperty.BRANCH) || last.form().has(FormProperty.INDIRECT)) return false;
        return last.operands().stream().anyMatch(o -> o instanceof BranchTarget b && b.offset() == 0);
    }

    public static Kernel.Mode parseMode(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "loop" -> Kernel.Mode.LOOP;
            case "unrolled" -> Kernel.Mode.UNROLLED;
            default -> null;
        };
    }

    public static Kernel.InitPolicy parseInit(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "same" -> Kernel.InitPolicy.SAME;
            case "distinct" -> Kernel.InitPolicy.DISTINCT;
            default -> null;
        };
    }

    /** The {@code # uopsim:} directives of one file. */
    private static final class Directives {
        private final String source;
        Kernel.Mode mode;
        Kernel.InitPolicy init;
        final Map<Register, Long> bindings = new LinkedHashMap<>();

        Directives(String source) {
            this.source = source;
        }

        void apply(String text, int line) {
            String[] words = text.split("\\s+");
            String key = words[0].toLowerCase(Locale.ROOT);
            switch (key) {
                case "mode" -> {
                    mode = words.length == 2 ? parseMode(words[1]) : null;
                    if (mode == null) throw new InputException(source, line, 0, "'# uopsim: " + text + "' is not a mode", "write '# uopsim: mode loop' or '# uopsim: mode unrolled'");
                }
                case "init" -> {
                    init = words.length == 2 ? parseInit(words[1]) : null;
                    if (init == null) throw new InputException(source, line, 0, "'# uopsim: " + text + "' is not an init policy", "write '# uopsim: init same' or '# uopsim: init distinct'");
                }
                case "bind" -> {
                    if (words.length < 2) throw new InputException(source, line, 0, "bind needs REG=OFFSET", "e.g. '# uopsim: bind rdi=0 rsi=64'");
                    for (int i = 1; i < words.length; i++) bind(words[i], line);
                }
                default -> throw new InputException(source, line, 0, "unknown directive '" + key + "'",
                        Optional.ofNullable(Suggestions.didYouMean(key, List.of("mode", "init", "bind")))
                                .orElse("known directives: mode, init, bind"));
            }
        }

        private void bind(String word, int line) {
            String[] p = word.split("=", 2);
            Register r = p.length == 2 ? Register.byName(p[0]) : null;
            if (r == null || !r.isGpr() || r.width() != 64) {
                throw new InputException(source, line, 0, "cannot bind '" + word + "'", "write REG=OFFSET with a 64-bit register, e.g. rdi=0");
            }
            try {
                bindings.put(r, Long.decode(p[1]));
            } catch (NumberFormatException e) {
                throw new InputException(source, line, 0, "offset '" + p[1] + "' is not a number", "e.g. rdi=0 or rsi=0x40");
            }
        }
    }

    /** The blocks of a BHive-format file ({@code hex,throughput} per line). */
    public static List<BhiveRow> readBhive(Path path) {
        List<String> lines = readLines(path);
        List<BhiveRow> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.isEmpty() || l.startsWith("#")) continue;
            String[] parts = l.split(",");
            Double cycles = null;
            if (parts.length > 1) {
                try {
                    cycles = Double.parseDouble(parts[1].strip());
                } catch (NumberFormatException e) {
                    if (rows.isEmpty() && i == 0) continue;        // a header line
                    throw new InputException(path.toString(), i + 1, parts[0].length() + 2,
                            "'" + parts[1].strip() + "' is not a number", "BHive rows are HEX,CYCLES_PER_100_ITERATIONS");
                }
            }
            rows.add(new BhiveRow(i + 1, parts[0].strip(), cycles));
        }
        if (rows.isEmpty()) throw new InputException(path.toString(), "no blocks in the file", "BHive rows are HEX,CYCLES_PER_100_ITERATIONS");
        return rows;
    }

    /** One row of a BHive file: the block's hex and the measured cycles per 100 iterations (or null). */
    public record BhiveRow(int line, String hex, Double cyclesPer100) {}
}
