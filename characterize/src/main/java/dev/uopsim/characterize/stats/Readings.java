package dev.uopsim.characterize.stats;

import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/** Which of several readings of one measurement (runs of a kernel, rounds of a benchmark) counts. */
public final class Readings {
    private Readings() {}

    /**
     * The median reading: among the settled ones if any, else among those measured; the lower of the
     * two middle ones for an even count (another tenant only ever adds cycles); the first reading when
     * none was measured.
     */
    public static <T> T median(List<T> readings, Predicate<T> settled, Predicate<T> measured, ToDoubleFunction<T> cycles) {
        if (readings.isEmpty()) throw new IllegalArgumentException("no readings");
        List<T> pool = readings.stream().filter(settled).toList();
        if (pool.isEmpty()) pool = readings.stream().filter(measured).toList();
        if (pool.isEmpty()) return readings.getFirst();
        List<T> sorted = pool.stream().sorted(Comparator.comparingDouble(cycles)).toList();
        return sorted.get((sorted.size() - 1) / 2);
    }
}
