package dev.uopsim.characterize.measure;

import dev.uopsim.characterize.runner.HarnessBinary;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One measuring session per machine at a time: two workers pinned to the same CPU would time each
 * other. A second uopsim (a test run beside a characterization, say) waits for the first. The lock
 * is a file lock, so a killed process releases it.
 */
final class MeasureLock implements AutoCloseable {
    private static final Object IN_PROCESS = new Object();
    private final FileChannel channel;
    private final FileLock lock;

    private MeasureLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static MeasureLock acquire() throws IOException {
        Path file = HarnessBinary.cacheDirectory().resolve("measure.lock");
        Files.createDirectories(file.getParent());
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        synchronized (IN_PROCESS) {
            FileLock l = null;
            while (l == null) {
                try {
                    l = ch.tryLock();
                    if (l == null) {
                        System.err.println("uopsim: waiting for another uopsim that is measuring on this machine");
                        l = ch.lock();
                    }
                } catch (OverlappingFileLockException e) {
                    // Another session of this same process: wait for it.
                    try {
                        IN_PROCESS.wait(200);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        throw new IOException("interrupted while waiting for the measuring lock", ie);
                    }
                }
            }
            return new MeasureLock(ch, l);
        }
    }

    @Override
    public void close() {
        synchronized (IN_PROCESS) {
            try {
                lock.release();
                channel.close();
            } catch (IOException e) {
                // the process ends soon; the lock goes with it
            }
            IN_PROCESS.notifyAll();
        }
    }
}
