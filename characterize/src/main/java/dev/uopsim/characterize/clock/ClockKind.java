package dev.uopsim.characterize.clock;

/** How a result's cycles were obtained; every result names it. */
public enum ClockKind {
    /** Core cycles counted by perf_event_open (PERF_COUNT_HW_CPU_CYCLES, user space only). */
    PERF_CYCLES("perf-cycles", "core cycles from perf_event_open (PERF_COUNT_HW_CPU_CYCLES, user space)"),
    /** TSC ticks converted to core cycles by the calibration chain timed around every sample. */
    TSC_CALIBRATED("tsc-calibrated", "TSC ticks converted to core cycles by a 1-cycle dependent chain (add r, r) timed"
            + " right before and after every sample; samples whose throughput sentinel ran slow are dropped");

    private final String id;
    private final String description;

    ClockKind(String id, String description) {
        this.id = id;
        this.description = description;
    }

    public String id() { return id; }

    public String description() { return description; }
}
