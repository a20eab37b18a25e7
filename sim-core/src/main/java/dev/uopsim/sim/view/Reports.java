package dev.uopsim.sim.view;

import dev.uopsim.sim.Stall;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Small shared pieces of the views' text and JSON. */
final class Reports {
    private Reports() {}

    /** The names of the ports in a mask, in bit order. */
    static List<String> ports(List<String> names, int mask) {
        List<String> out = new ArrayList<>();
        for (int p = 0; p < names.size(); p++) if ((mask & (1 << p)) != 0) out.add(names.get(p));
        return out;
    }

    /** The JSON key of a stall cause: {@code rob_full}. */
    static String key(Stall s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    /** Which resource a stall cause is about, for people. */
    static String describe(Stall s) {
        return switch (s) {
            case FRONT_END -> "front end (nothing delivered to rename)";
            case ROB_FULL -> "reorder buffer full";
            case SCHEDULER_FULL -> "scheduler full";
            case LOAD_BUFFER_FULL -> "load buffer full";
            case STORE_BUFFER_FULL -> "store buffer full";
            case PORT_BUSY -> "port busy";
            case TRANSFER_BUBBLE -> "integer ALUs held for a value moving in from the vector unit";
            case MEMORY_ORDER -> "memory ordering (an older store)";
            case LENGTH_CHANGING_PREFIX -> "length-changing prefix (predecode)";
            case SERIALIZED -> "serializing instruction (LFENCE-like)";
        };
    }

    /** True for the causes that stop rename (at most one event per cycle): their counts are cycles. */
    static boolean perCycle(Stall s) {
        return switch (s) {
            case PORT_BUSY, TRANSFER_BUBBLE, MEMORY_ORDER, SERIALIZED -> false;
            default -> true;
        };
    }

    static String fixed(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** Rounded for JSON: figures averaged over a window carry no more than four decimals. */
    static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
