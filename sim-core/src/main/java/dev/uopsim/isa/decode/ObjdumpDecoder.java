package dev.uopsim.isa.decode;

import dev.uopsim.common.InputException;
import dev.uopsim.isa.BranchTarget;
import dev.uopsim.isa.EncodingHints;
import dev.uopsim.isa.FormMatcher;
import dev.uopsim.isa.FormTable;
import dev.uopsim.isa.Instruction;
import dev.uopsim.isa.Operand;
import dev.uopsim.isa.SourceLocation;
import dev.uopsim.isa.asm.AssemblyParser;
import dev.uopsim.isa.asm.Syntax;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes machine code with binutils' objdump and finds each instruction's form. Many blocks cost
 * one objdump process: they are written back to back into one file, each followed by 15 bytes of
 * INT3 so that a block whose last instruction is cut short cannot swallow the start of the next
 * (an x86 instruction is at most 15 bytes; objdump is back in step inside the padding).
 */
public final class ObjdumpDecoder {
    private static final int PADDING = 15;
    private static final Pattern LINE = Pattern.compile("^\\s*([0-9a-f]+):\\t([0-9a-f ]+?)\\s*(?:\\t(.*))?$");
    private static final Pattern PREFIX_WORD = Pattern.compile(
            "rex(\\.w?r?x?b?)?|data16|data32|addr32|cs|ds|es|ss|fs|gs|lock|rep|repz|repnz|repe|repne|bnd|notrack");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern TARGET = Pattern.compile("^(j\\w+|call|loop\\w*|jrcxz|jecxz|xbegin)\\s+(?:.*\\s)?0x([0-9a-f]+)(\\s*<[^>]*>)?$");

    private final AssemblyParser parser;
    private final String objdump;

    /**
     * One block's outcome: its instructions, or why it could not be decoded and, when an
     * instruction had no form, objdump's text of it ({@code failedText}).
     */
    public record Block(int index, byte[] code, List<Instruction> instructions, InputException error, String failedText) {
        public boolean ok() { return error == null; }
    }

    public ObjdumpDecoder(FormTable table) {
        this(table, System.getProperty("uopsim.objdump", "objdump"));
    }

    public ObjdumpDecoder(FormTable table, String objdump) {
        this.parser = new AssemblyParser(table);
        this.objdump = objdump;
    }

    /** True when an objdump that knows x86-64 can be run. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("objdump", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Decodes one block; throws the block's error. */
    public List<Instruction> decodeOne(byte[] code, String source) {
        Block b = decode(List.of(code), source).getFirst();
        if (!b.ok()) throw b.error();
        return b.instructions();
    }

    /**
     * Decodes blocks; {@code source} names them in messages ({@code file.csv} gives
     * {@code file.csv:block 12}); {@code firstLine} is the line of block 0 (blocks on consecutive lines).
     */
    public List<Block> decode(List<byte[]> blocks, String source) {
        return decode(blocks, source, null);
    }

    public List<Block> decode(List<byte[]> blocks, String source, int[] lines) {
        long[] starts = new long[blocks.size() + 1];
        long total = 0;
        for (int i = 0; i < blocks.size(); i++) {
            starts[i] = total;
            total += blocks.get(i).length + PADDING;
        }
        starts[blocks.size()] = total;
        byte[] blob = new byte[(int) total];
        Arrays.fill(blob, (byte) 0xCC);
        for (int i = 0; i < blocks.size(); i++) {
            System.arraycopy(blocks.get(i), 0, blob, (int) starts[i], blocks.get(i).length);
        }
        List<String> output = run(blob);
        List<List<Instruction>> decoded = new ArrayList<>();
        InputException[] errors = new InputException[blocks.size()];
        String[] failed = new String[blocks.size()];
        for (int i = 0; i < blocks.size(); i++) decoded.add(new ArrayList<>());
        int block = 0;
        String pendingPrefixText = null;
        byte[] pendingPrefixBytes = null;
        long pendingOffset = -1;
        for (String line : output) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) continue;
            long offset = Long.parseLong(m.group(1), 16);
            while (block < blocks.size() && offset >= starts[block] + blocks.get(block).length + PADDING) block++;
            if (block >= blocks.size()) break;
            long inBlock = offset - starts[block];
            int size = blocks.get(block).length;
            if (inBlock >= size) continue;                 // the INT3 padding
            byte[] bytes = parseBytes(m.group(2));
            String text = m.group(3) == null ? "" : m.group(3).strip();
            SourceLocation where = new SourceLocation(blockName(source, block, lines), lines == null ? 0 : lines[block], 0);
            if (errors[block] != null) continue;
            if (inBlock + bytes.length > size) {
                errors[block] = new InputException(where.source(), where.line(), 0,
                        "the instruction at byte " + inBlock + " runs past the end of the block (" + size + " bytes)",
                        "the block's last instruction is cut short");
                continue;
            }
            if (isPrefixOnly(text)) {
                pendingPrefixText = pendingPrefixText == null ? text : pendingPrefixText + " " + text;
                pendingPrefixBytes = concat(pendingPrefixBytes, bytes);
                if (pendingOffset < 0) pendingOffset = inBlock;
                continue;
            }
            if (pendingPrefixText != null) {
                text = pendingPrefixText + " " + text;
                bytes = concat(pendingPrefixBytes, bytes);
                inBlock = pendingOffset;
                pendingPrefixText = null;
                pendingPrefixBytes = null;
                pendingOffset = -1;
            }
            try {
                decoded.get(block).add(instruction(text, bytes, inBlock, starts[block], where));
            } catch (InputException e) {
                failed[block] = stripTrailingComment(text);
                errors[block] = new InputException(where.source(), where.line(), 0,
                        "byte " + inBlock + " (" + Hex.spaced(bytes) + ", objdump: '" + text + "'): " + e.getMessage(),
                        e.hint().orElse(null));
            }
        }
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            InputException error = errors[i];
            if (error == null && decoded.get(i).isEmpty()) {
                error = new InputException(blockName(source, i, lines), lines == null ? 0 : lines[i], 0, "the block holds no instruction", null);
            }
            out.add(new Block(i, blocks.get(i), error == null ? List.copyOf(decoded.get(i)) : List.of(), error, failed[i]));
        }
        return out;
    }

    private static String blockName(String source, int block, int[] lines) {
        return lines != null ? source : source + ": block " + (block + 1);
    }

    private Instruction instruction(String text, byte[] bytes, long inBlock, long blockStart, SourceLocation where) {
        if (text.equals("(bad)") || text.isEmpty()) {
            throw new InputException(where.source(), where.line(), 0, "objdump cannot decode these bytes (invalid instruction)", null);
        }
        text = stripTrailingComment(text);
        // 90 with an operand-size prefix is a NOP (xchg of a register with itself), printed as xchg.
        if (text.replaceAll("\\s+", " ").equals("xchg ax,ax") && bytes.length >= 2 && (bytes[bytes.length - 1] & 0xFF) == 0x90) {
            text = "data16 nop";
        }
        Matcher t = TARGET.matcher(text);
        long target = -1;
        if (t.matches()) target = Long.parseLong(t.group(2), 16) - blockStart;
        FormMatcher.Parsed p = parser.read(text, where, 0, Syntax.INTEL);
        if (target >= 0) {
            List<Operand> ops = new ArrayList<>(p.operands());
            for (int i = 0; i < ops.size(); i++) {
                if (ops.get(i) instanceof BranchTarget) ops.set(i, new BranchTarget(null, target));
            }
            p = new FormMatcher.Parsed(p.prefixes(), p.pseudoPrefix(), p.mnemonic(), ops, p.hints(), p.location(),
                    p.mnemonicColumn(), p.operandColumns(), p.text());
        }
        FormMatcher.Match m = parser.matcher().matchBytes(p, bytes);
        EncodingHints hints = new EncodingHints(false, false, false, 0);
        return new Instruction(m.form(), m.operands(), bytes.length, inBlock, bytes, hints, where, text);
    }

    /** objdump appends "# 0x1234" to RIP-relative operands. */
    private static String stripTrailingComment(String text) {
        int hash = text.indexOf('#');
        return hash >= 0 ? text.substring(0, hash).strip() : text;
    }

    private static boolean isPrefixOnly(String text) {
        if (text.isEmpty()) return false;
        for (String w : SPACES.split(text.toLowerCase(Locale.ROOT))) {
            if (!PREFIX_WORD.matcher(w).matches()) {
                return false;
            }
        }
        return true;
    }

    private static byte[] parseBytes(String s) {
        String[] parts = SPACES.split(s.strip());
        byte[] out = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) out[i] = (byte) Integer.parseInt(parts[i], 16);
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        if (a == null) return b;
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private List<String> run(byte[] blob) {
        Path file = null;
        try {
            file = Files.createTempFile("uopsim-decode", ".bin");
            Files.write(file, blob);
            ProcessBuilder pb = new ProcessBuilder(objdump, "-D", "-z", "-b", "binary", "-m", "i386:x86-64",
                    "-M", "intel", "--insn-width=15", file.toString());
            pb.redirectErrorStream(true);
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new InputException(null, 0, 0, "cannot run '" + objdump + "' to decode machine code: " + e.getMessage(),
                        "install GNU binutils (Debian/Ubuntu: apt install binutils)");
            }
            List<String> lines;
            try (InputStream in = p.getInputStream()) {
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            }
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new InputException(null, 0, 0, objdump + " failed: " + String.join(" / ", lines.subList(0, Math.min(3, lines.size()))), null);
            }
            return lines;
        } catch (IOException e) {
            throw new InputException(null, 0, 0, "cannot decode machine code: " + e.getMessage(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputException(null, 0, 0, "interrupted while decoding", null);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }
}
