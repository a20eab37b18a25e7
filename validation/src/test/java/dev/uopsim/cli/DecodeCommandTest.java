package dev.uopsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.uopsim.common.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class DecodeCommandTest {
    @TempDir
    Path dir;

    @Test
    void jsonListsFormsAccessesImplicitOperandsAndIdioms() throws IOException {
        Path p = dir.resolve("k.s");
        Files.writeString(p, "# uopsim: mode unrolled\nxor eax, eax\nmul rcx\npush rbx\n");
        var r = CommandLineRunner.run("decode", "--json", p.toString());
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        JsonNode doc = Json.mapper().readTree(r.out());
        assertEquals("unrolled", doc.get("mode").asString());
        JsonNode xor = doc.get("instructions").get(0);
        assertEquals("XOR_31 (R32, R32)", xor.get("form").asString());
        assertEquals("zero", xor.get("idiom").asString());
        JsonNode mul = doc.get("instructions").get(1);
        assertEquals("MUL (R64)", mul.get("form").asString());
        assertEquals("rax", mul.get("implicit").get(0).get("operand").asString());
        assertEquals("rw", mul.get("implicit").get(0).get("access").asString());
        assertEquals("rdx", mul.get("implicit").get(1).get("operand").asString());
        JsonNode push = doc.get("instructions").get(2);
        assertEquals("M64[RSP-8]", push.get("implicit").get(1).get("operand").asString());
        assertEquals("w", push.get("implicit").get(1).get("access").asString());
    }

    @Test
    void attSyntaxAndHexGiveTheSameForms() {
        var att = CommandLineRunner.run("decode", "--json", "--syntax", "att", write("addq %rbx, %rax\nimull $100, (%rsi), %ecx\n"));
        var hex = CommandLineRunner.run("decode", "--json", "--hex", "4801d86b0e64");
        assertEquals(ExitCode.OK, att.exitCode(), att.err());
        assertEquals(ExitCode.OK, hex.exitCode(), hex.err());
        JsonNode a = Json.mapper().readTree(att.out()).get("instructions");
        JsonNode h = Json.mapper().readTree(hex.out()).get("instructions");
        assertEquals("ADD_01 (R64, R64)", a.get(0).get("form").asString());
        assertEquals(a.get(0).get("form"), h.get(0).get("form"));
        assertEquals("IMUL (R32, M32, I8)", a.get(1).get("form").asString());
        assertEquals(a.get(1).get("form"), h.get(1).get("form"));
        assertEquals(a.get(1).get("length"), h.get(1).get("length"));
    }

    @Test
    void regionMarkersSelectTheKernel() {
        var r = CommandLineRunner.run("decode", "--json", write("""
                mov rcx, 100
                # LLVM-MCA-BEGIN loop
                add rax, 1
                # LLVM-MCA-END
                ret
                """));
        assertEquals(ExitCode.OK, r.exitCode(), r.err());
        JsonNode ins = Json.mapper().readTree(r.out()).get("instructions");
        assertEquals(1, ins.size());
        assertTrue(ins.get(0).get("form").asString().startsWith("ADD (R64, I8)"));
    }

    private String write(String text) {
        try {
            Path p = Files.createTempFile(dir, "k", ".s");
            Files.writeString(p, text);
            return p.toString();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }
}
