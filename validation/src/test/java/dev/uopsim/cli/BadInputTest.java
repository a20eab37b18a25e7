package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gives one clear message naming where, a suggestion where there is one, exit code 2, no stack trace. */
class BadInputTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static void assertCleanError(CommandLineRunner.Result r, String... fragments) {
        assertEquals(ExitCode.BAD_INPUT, r.exitCode(), r.err());
        for (String f : fragments) assertTrue(r.err().contains(f), "expected '" + f + "' in: " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertFalse(r.err().contains("Exception"), "no exception names: " + r.err());
    }

    @Test
    void unknownMnemonicNamesFileLineColumnAndTheNearestMnemonic() throws IOException {
        Path p = file("k.s", "add rax, rbx\n  movv rcx, rdx\n");
        var r = CommandLineRunner.run("decode", p.toString());
        assertCleanError(r, p + ":2:3: error: unknown mnemonic 'movv'", "did you mean 'mov'");
    }

    @Test
    void anUnclosedBracketNamesItsColumn() throws IOException {
        Path p = file("k.s", "mov rax, [rbx+\n");
        var r = CommandLineRunner.run("decode", p.toString());
        assertCleanError(r, p + ":1:10: error: unclosed '['", "close it with ']'");
    }

    @Test
    void anUnknownHostModelIsNamedBeforeAnythingIsMeasured() {
        var r = CommandLineRunner.run("validate", "memdep", "--host", "--host-model", "nosuch");
        assertCleanError(r, "--host-model: error: unknown model 'nosuch'");
    }

    @Test
    void anUnknownUnrolledFromIsNamed() throws IOException {
        Path p = file("k.s", "add rax, rbx\n");
        var r = CommandLineRunner.run("simulate", p.toString(), "--uarch", "skylake", "--unrolled-from", "cache");
        assertCleanError(r, "unknown --unrolled-from 'cache'", "uop-cache");
    }

    @Test
    void malformedOperandNamesItsColumn() throws IOException {
        Path p = file("k.s", "add rax, [rbx+rcx*3]\n");
        var r = CommandLineRunner.run("decode", p.toString());
        assertCleanError(r, p + ":1:10: error:", "scale 3", "1, 2, 4 or 8");
    }

    @Test
    void operandKindsNoFormTakesAreListedWithTheFormsThatExist() throws IOException {
        Path p = file("k.s", "add rax, xmm1\n");
        var r = CommandLineRunner.run("decode", p.toString());
        assertCleanError(r, p + ":1:1: error: no form of ADD takes (rax, xmm1)", "(R64, R64)");
    }

    @Test
    void oddLengthHexIsRejected() throws IOException {
        Path p = file("k.hex", "4801d\n");
        var r = CommandLineRunner.run("decode", "--hex", p.toString());
        assertCleanError(r, p + ":1:1: error: odd number of hex digits (5)");
    }

    @Test
    void nonHexCharacterIsPointedAt() {
        var r = CommandLineRunner.run("decode", "--hex", "48z1d8");
        assertCleanError(r, "<hex>:1:3: error: 'z' is not a hex digit");
    }

    @Test
    void emptyFileIsRejected() throws IOException {
        Path p = file("empty.s", "# nothing here\n\n");
        var r = CommandLineRunner.run("decode", p.toString());
        assertCleanError(r, p + ": error: no instructions in the file");
    }

    @Test
    void missingFileIsRejected() {
        var r = CommandLineRunner.run("decode", dir.resolve("nope.s").toString());
        assertCleanError(r, "nope.s: error: no such file");
    }

    @Test
    void unknownCommandAndOptionAreUsageErrors() {
        assertCleanError(CommandLineRunner.run("decodee", "x"), "unknown command 'decodee'", "did you mean 'decode'");
        assertCleanError(CommandLineRunner.run("decode", "--frobnicate", "x"), "Unrecognized option");
    }

    @Test
    void unknownKernelDirectiveIsNamed() throws IOException {
        Path p = file("k.s", "# uopsim: moed loop\nadd rax, rbx\n");
        var r = CommandLineRunner.run("decode", p.toString());
        assertCleanError(r, p + ":1: error: unknown directive 'moed'", "did you mean 'mode'");
    }

    @Test
    void everyCommandHasHelp() {
        var overview = CommandLineRunner.run("--help");
        assertEquals(ExitCode.OK, overview.exitCode());
        for (String line : overview.out().lines().toList()) {
            String t = line.strip();
            if (t.isEmpty() || !line.startsWith("  ")) continue;
            String command = t.split("\\s+")[0];
            var help = CommandLineRunner.run(command, "--help");
            assertEquals(ExitCode.OK, help.exitCode(), command + ": " + help.err());
            assertTrue(help.out().contains("usage: uopsim " + command), help.out());
            if (!help.out().startsWith("usage: uopsim " + command + " SUBCOMMAND")) continue;
            // A group's subcommands too, required options and all (models import-uops-info once failed here).
            for (String sub : help.out().lines().filter(l -> l.startsWith("  ")).map(l -> l.strip().split("\\s+")[0]).toList()) {
                var subHelp = CommandLineRunner.run(command, sub, "--help");
                assertEquals(ExitCode.OK, subHelp.exitCode(), command + " " + sub + ": " + subHelp.err());
                assertTrue(subHelp.out().contains("usage: uopsim " + command + " " + sub), subHelp.out());
            }
        }
    }

    @Test
    void replayOfAFileThatIsNoJournalSaysWhatItNeeds() throws IOException {
        Path p = file("not-a-journal.jsonl", "{\"type\":\"bench\"}\n");
        assertCleanError(CommandLineRunner.run("validate", "replay", p.toString()), "not a uopsim journal");
    }
}
