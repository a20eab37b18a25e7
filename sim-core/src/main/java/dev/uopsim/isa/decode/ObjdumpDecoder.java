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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes machine code with binutils' objdump and finds each instruction's form. Many blocks cost
 * one objdump process: they are written back to back into one file, each followed by 15 bytes of
 * padding so that a block whose last instruction is cut short cannot swallow the start of the next
 * (an x86 instruction is at most 15 bytes; objdump is back in step inside the padding).
 */
public final class ObjdumpDecoder {
    /**
     * INT3, then 13 operand-size prefixes on a NOP. A cut-short last instruction swallows at most
     * 14 of these bytes, and objdump ends whatever is left at the NOP, in step for the next block.
     * INT3 comes first as it always did, so a block's end (a lone prefix, a missing ModRM) reads as
     * before. Two listing lines where 15 INT3 made 15: they were most of objdump's output and time.
     */
    private static final byte[] PADDING = padding();
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
            total += blocks.get(i).length + PADDING.length;
        }
        starts[blocks.size()] = total;
        byte[] blob = new byte[(int) total];
        for (int i = 0; i < blocks.size(); i++) {
            System.arraycopy(blocks.get(i), 0, blob, (int) starts[i], blocks.get(i).length);
            System.arraycopy(PADDING, 0, blob, (int) starts[i] + blocks.get(i).length, PADDING.length);
        }
        Listing listing = new Listing(blocks, source, lines, starts, blob);
        run(blob, listing);
        listing.end();
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            InputException error = listing.errors[i];
            if (error == null && listing.decoded.get(i).isEmpty()) {
                error = new InputException(blockName(source, i, lines), lines == null ? 0 : lines[i], 0, "the block holds no instruction", null);
            }
            out.add(new Block(i, blocks.get(i), error == null ? List.copyOf(listing.decoded.get(i)) : List.of(), error, listing.failed[i]));
        }
        return out;
    }

    /**
     * objdump's listing read line by line as it comes: each instruction's bytes run from its offset
     * to the next line's, taken from the blob (objdump is asked not to print them: the padding
     * alone made most of its output).
     */
    private final class Listing {
        private final List<byte[]> blocks;
        private final String source;
        private final int[] lines;
        private final long[] starts;
        private final byte[] blob;
        final List<List<Instruction>> decoded = new ArrayList<>();
        final InputException[] errors;
        final String[] failed;
        /** The same text and bytes decode the same way: the form found for each, in this listing (branches aside). */
        private final Map<String, FormMatcher.Match> matches;
        private int block;
        /** The block {@link #inPadding} looked at last. */
        private int paddingBlock;
        private String pendingPrefixText;
        private byte[] pendingPrefixBytes;
        private long pendingOffset = -1;
        // The line read last, handled once the next one tells where it ends.
        private long heldOffset = -1;
        private String heldText;
        /** objdump's first lines, for a message if it fails. */
        final List<String> head = new ArrayList<>();

        Listing(List<byte[]> blocks, String source, int[] lines, long[] starts, byte[] blob) {
            this.blocks = blocks;
            this.source = source;
            this.lines = lines;
            this.starts = starts;
            this.blob = blob;
            this.errors = new InputException[blocks.size()];
            // Sized for a few instructions a block, so that it does not grow step by step.
            this.matches = HashMap.newHashMap(4 * blocks.size());
            this.failed = new String[blocks.size()];
            for (int i = 0; i < blocks.size(); i++) decoded.add(new ArrayList<>());
        }

        /** One line of objdump's output ({@code "   1f:\tmov rax,rbx"}; headers and blank lines pass). */
        void line(byte[] buf, int from, int to) {
            if (head.size() < 3) head.add(new String(buf, from, to - from, StandardCharsets.UTF_8));
            int i = from;
            while (i < to && (buf[i] == ' ' || buf[i] == '\t')) i++;
            long offset = 0;
            int digits = 0;
            for (; i < to; i++, digits++) {
                int d = Character.digit(buf[i], 16);
                if (d < 0 || Character.isUpperCase(buf[i])) break;
                offset = offset * 16 + d;
            }
            if (digits == 0 || i + 1 >= to || buf[i] != ':' || buf[i + 1] != '\t') return;
            if (heldOffset >= 0) instructionLine(heldOffset, offset - heldOffset, heldText);
            heldOffset = offset;
            // Many lines are the padding, whose text nobody reads: no string for them.
            heldText = inPadding(offset) ? null : new String(buf, i + 2, to - i - 2, StandardCharsets.UTF_8).strip();
        }

        /** Whether {@code offset} lies in the padding after a block (offsets come in increasing order). */
        private boolean inPadding(long offset) {
            while (paddingBlock < blocks.size() && offset >= starts[paddingBlock] + blocks.get(paddingBlock).length + PADDING.length) paddingBlock++;
            return paddingBlock < blocks.size() && offset - starts[paddingBlock] >= blocks.get(paddingBlock).length;
        }

        void end() {
            if (heldOffset >= 0) instructionLine(heldOffset, blob.length - heldOffset, heldText);
            heldOffset = -1;
        }

        private void instructionLine(long offset, long size, String text) {
            while (block < blocks.size() && offset >= starts[block] + blocks.get(block).length + PADDING.length) block++;
            if (block >= blocks.size()) return;
            long inBlock = offset - starts[block];
            int blockSize = blocks.get(block).length;
            if (inBlock >= blockSize) return;                 // the padding
            if (errors[block] != null) return;
            byte[] bytes = Arrays.copyOfRange(blob, (int) offset, (int) (offset + size));
            SourceLocation where = new SourceLocation(blockName(source, block, lines), lines == null ? 0 : lines[block], 0);
            if (inBlock + bytes.length > blockSize) {
                errors[block] = new InputException(where.source(), where.line(), 0,
                        "the instruction at byte " + inBlock + " runs past the end of the block (" + blockSize + " bytes)",
                        "the block's last instruction is cut short");
                return;
            }
            if (isPrefixOnly(text)) {
                pendingPrefixText = pendingPrefixText == null ? text : pendingPrefixText + " " + text;
                pendingPrefixBytes = concat(pendingPrefixBytes, bytes);
                if (pendingOffset < 0) pendingOffset = inBlock;
                return;
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
                decoded.get(block).add(instruction(text, bytes, inBlock, starts[block], where, matches));
            } catch (InputException e) {
                failed[block] = stripTrailingComment(text);
                errors[block] = new InputException(where.source(), where.line(), 0,
                        "byte " + inBlock + " (" + Hex.spaced(bytes) + ", objdump: '" + text + "'): " + e.getMessage(),
                        e.hint().orElse(null));
            }
        }
    }

    private static String blockName(String source, int block, int[] lines) {
        return lines != null ? source : source + ": block " + (block + 1);
    }

    private Instruction instruction(String text, byte[] bytes, long inBlock, long blockStart, SourceLocation where,
                                    Map<String, FormMatcher.Match> matches) {
        if (text.equals("(bad)") || text.isEmpty()) {
            throw new InputException(where.source(), where.line(), 0, "objdump cannot decode these bytes (invalid instruction)", null);
        }
        text = stripTrailingComment(text);
        // 90 with an operand-size prefix is a NOP (xchg of a register with itself), printed as xchg.
        if (text.startsWith("xchg") && SPACES.matcher(text).replaceAll(" ").equals("xchg ax,ax") && bytes.length >= 2
                && (bytes[bytes.length - 1] & 0xFF) == 0x90) {
            text = "data16 nop";
        }
        Matcher t = mayHaveTarget(text) ? TARGET.matcher(text) : null;
        boolean branch = t != null && t.matches();
        // objdump prints the absolute target: one before the first block wraps around (0xfffffffffaaf2485),
        // an offset before this block's start, outside it as any target past its end.
        long target = branch ? Long.parseUnsignedLong(t.group(2), 16) - blockStart : -1;
        // A branch target depends on where the block starts: those are matched each time.
        String key = branch ? null : text + '\u0000' + new String(bytes, StandardCharsets.ISO_8859_1);
        FormMatcher.Match m = key == null ? null : matches.get(key);
        if (m == null) {
            FormMatcher.Parsed p = parser.read(text, where, 0, Syntax.INTEL);
            if (branch) {
                List<Operand> ops = new ArrayList<>(p.operands());
                for (int i = 0; i < ops.size(); i++) {
                    if (ops.get(i) instanceof BranchTarget) ops.set(i, new BranchTarget(null, target));
                }
                p = new FormMatcher.Parsed(p.prefixes(), p.pseudoPrefix(), p.mnemonic(), ops, p.hints(), p.location(),
                        p.mnemonicColumn(), p.operandColumns(), p.text());
            }
            m = parser.matcher().matchBytes(p, bytes);
            if (key != null) matches.put(key, m);
        }
        EncodingHints hints = new EncodingHints(false, false, false, 0);
        return new Instruction(m.form(), m.operands(), bytes.length, inBlock, bytes, hints, where, text);
    }

    /** Only these start as {@link #TARGET} does (a quick test before the pattern: cmp, cmov and lea do not). */
    private static boolean mayHaveTarget(String text) {
        return text.startsWith("j") || text.startsWith("call") || text.startsWith("loop") || text.startsWith("xbegin");
    }

    /** objdump appends "# 0x1234" to RIP-relative operands. */
    private static String stripTrailingComment(String text) {
        int hash = text.indexOf('#');
        return hash >= 0 ? text.substring(0, hash).strip() : text;
    }

    private static boolean isPrefixOnly(String text) {
        if (text.isEmpty()) return false;
        // Nearly every line starts with a mnemonic: one look at the first word settles it, and a
        // first letter no prefix word starts with settles it without a string or a pattern.
        if ("rdacesfglbnRDACESFGLBN".indexOf(text.charAt(0)) < 0) return false;
        int end = 0;
        while (end < text.length() && " \t\n\u000B\f\r".indexOf(text.charAt(end)) < 0) end++;   // SPACES: \s
        String first = text.substring(0, end).toLowerCase(Locale.ROOT);
        if (!PREFIX_WORD.matcher(first).matches()) return false;
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

    private static byte[] padding() {
        byte[] p = new byte[15];
        Arrays.fill(p, (byte) 0x66);
        p[0] = (byte) 0xCC;
        p[14] = (byte) 0x90;
        return p;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        if (a == null) return b;
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private void run(byte[] blob, Listing listing) {
        Path file = null;
        try {
            file = Files.createTempFile("uopsim-decode", ".bin");
            Files.write(file, blob);
            ProcessBuilder pb = new ProcessBuilder(objdump, "-D", "-z", "-b", "binary", "-m", "i386:x86-64",
                    "-M", "intel", "--no-show-raw-insn", file.toString());
            pb.redirectErrorStream(true);
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new InputException(null, 0, 0, "cannot run '" + objdump + "' to decode machine code: " + e.getMessage(),
                        "install GNU binutils (Debian/Ubuntu: apt install binutils)");
            }
            // Lines are handled as they arrive: the decoding overlaps objdump's run.
            try (InputStream in = p.getInputStream()) {
                byte[] buf = new byte[1 << 16];
                int filled = 0;
                int n;
                while ((n = in.read(buf, filled, buf.length - filled)) > 0) {
                    filled += n;
                    int lineStart = 0;
                    for (int i = 0; i < filled; i++) {
                        if (buf[i] == '\n' || buf[i] == '\r') {
                            listing.line(buf, lineStart, i);
                            lineStart = i + 1;
                        }
                    }
                    System.arraycopy(buf, lineStart, buf, 0, filled - lineStart);
                    filled -= lineStart;
                    if (filled == buf.length) buf = Arrays.copyOf(buf, 2 * buf.length);
                }
                if (filled > 0) listing.line(buf, 0, filled);
            }
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new InputException(null, 0, 0, objdump + " failed: " + String.join(" / ", listing.head), null);
            }
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
