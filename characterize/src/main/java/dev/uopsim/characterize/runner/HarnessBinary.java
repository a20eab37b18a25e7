package dev.uopsim.characterize.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The worker binary, compiled from {@code harness.c} (a resource of this module) with gcc on first
 * use into a cache directory keyed by a hash of the source and the compiler flags.
 *
 * <p>Why on first use rather than from the Maven build: the build stays pure Java and works where
 * no C compiler exists (tests there skip, saying why); the launcher, the tests and a jar copied
 * elsewhere all find the same binary; and a changed harness.c can never run stale, because the
 * hash names the directory. The cache is {@code $UOPSIM_CACHE}, else {@code $XDG_CACHE_HOME/uopsim},
 * else {@code ~/.cache/uopsim}.
 */
public final class HarnessBinary {
    private static final String RESOURCE = "/dev/uopsim/characterize/runner/harness.c";
    private static final List<String> FLAGS = List.of("-O2", "-std=gnu11", "-Wall", "-Wextra");

    private HarnessBinary() {}

    /** The source text of the harness. */
    public static String source() {
        try (InputStream in = HarnessBinary.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("resource " + RESOURCE + " is missing");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE, e);
        }
    }

    /** True when gcc can be run. */
    public static boolean compilerAvailable() {
        try {
            Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    public static Path cacheDirectory() {
        String env = System.getenv("UOPSIM_CACHE");
        if (env != null && !env.isBlank()) return Path.of(env);
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "uopsim");
        return Path.of(System.getProperty("user.home"), ".cache", "uopsim");
    }

    /** The compiled worker, building it when this source has not been built yet. */
    public static synchronized Path get() throws IOException {
        String source = source();
        String key = hash(source + "\0" + String.join(" ", FLAGS)).substring(0, 16);
        Path dir = cacheDirectory().resolve("harness-" + key);
        Path binary = dir.resolve("uopsim-harness");
        if (Files.isExecutable(binary)) return binary;
        if (!compilerAvailable()) {
            throw new IOException("characterize builds its small C worker (harness.c) with gcc once, and gcc is not on PATH;"
                    + " install it (Debian/Ubuntu: apt install gcc) and run again");
        }
        Files.createDirectories(dir);
        Path src = Files.createTempFile(dir, "harness", ".c");
        Path tmp = dir.resolve("uopsim-harness.tmp" + ProcessHandle.current().pid());
        try {
            Files.writeString(src, source);
            List<String> cmd = new java.util.ArrayList<>(List.of("gcc"));
            cmd.addAll(FLAGS);
            cmd.addAll(List.of("-o", tmp.toString(), src.toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            try {
                if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
                    throw new IOException("gcc could not build the worker from harness.c:\n" + out.strip());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while building the worker", e);
            }
            try {
                Files.move(tmp, binary, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, binary, StandardCopyOption.REPLACE_EXISTING);
            }
            return binary;
        } finally {
            Files.deleteIfExists(src);
            Files.deleteIfExists(tmp);
        }
    }

    /** SHA-256 of the text, in hex (names cache entries by what made them). */
    public static String hash(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
