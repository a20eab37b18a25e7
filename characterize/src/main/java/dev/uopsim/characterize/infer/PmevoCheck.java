package dev.uopsim.characterize.infer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The port-inference step fed with recorded measurements instead of live timings: PMEvo's singletons
 * and training mixes go into {@link MultisetFit}; the mapping it finds predicts the held-out mixes,
 * beside PMEvo's own inferred mapping (evaluated with the same LP) and the predictions annotated in
 * the file (llvm-mca's).
 */
public final class PmevoCheck {
    /** File names inside an architecture folder of the PMEvo artifact. */
    public static final String SINGLETONS = "exps_singletons.json", TRAINING = "exps_eval_1000.json",
            EVALUATION = "exps_eval_small_annotated.json", MAPPING = "mapping_pmevo.json";

    private PmevoCheck() {}

    /**
     * @param ours        MAPE of the mapping inferred here on the evaluation mixes (fraction)
     * @param pmevo       MAPE of PMEvo's mapping on them (null without a mapping file)
     * @param others      MAPE of each annotated tool (llvm-mca ...)
     * @param trainError  mean relative error of the fit on its own experiments
     * @param uops        the inferred mapping: instruction -> port masks of its µops
     */
    public record Outcome(int instructions, int trainingExperiments, int evaluationExperiments, int ports, long iterations,
                          double ours, Double pmevo, Map<String, Double> others, double trainError, double seconds,
                          Map<String, int[]> uops, double[] predictions, double[] measured) {}

    public static Outcome run(Path dir, int ports, long iterations, long seed) throws IOException {
        long start = System.nanoTime();
        PmevoData.ExperimentList singles = PmevoData.experiments(dir.resolve(SINGLETONS));
        PmevoData.ExperimentList training = PmevoData.experiments(dir.resolve(TRAINING));
        PmevoData.ExperimentList evaluation = PmevoData.experiments(dir.resolve(EVALUATION));
        List<String> names = new ArrayList<>(singles.instructions());
        Map<String, Integer> index = new HashMap<>();
        for (String n : names) index.put(n, index.size());
        for (PmevoData.ExperimentList l : List.of(training, evaluation)) {
            for (PmevoData.Experiment e : l.experiments()) {
                for (String i : e.instructions()) {
                    if (!index.containsKey(i)) {
                        index.put(i, names.size());
                        names.add(i);
                    }
                }
            }
        }
        double[] single = new double[names.size()];
        java.util.Arrays.fill(single, Double.NaN);
        List<MultisetFit.Experiment> exps = new ArrayList<>();
        for (PmevoData.Experiment e : singles.experiments()) {
            int[] m = members(e, index);
            if (m.length == 1) single[m[0]] = e.cycles();
            exps.add(new MultisetFit.Experiment(m, e.cycles()));
        }
        for (PmevoData.Experiment e : training.experiments()) exps.add(new MultisetFit.Experiment(members(e, index), e.cycles()));
        MultisetFit fit = new MultisetFit(names.size(), exps, single, null, null,
                MultisetFit.Options.of(ports, 0, iterations).withSeed(seed));
        MultisetFit.Result r = fit.fit();

        int n = evaluation.experiments().size();
        double[] predicted = new double[n], measured = new double[n];
        double ours = 0;
        Map<String, Double> others = new LinkedHashMap<>();
        Map<String, Integer> otherCounts = new LinkedHashMap<>();
        for (int k = 0; k < n; k++) {
            PmevoData.Experiment e = evaluation.experiments().get(k);
            predicted[k] = r.predict(members(e, index), 0, null);
            measured[k] = e.cycles();
            ours += Math.abs(predicted[k] - e.cycles()) / e.cycles();
            for (var o : e.others().entrySet()) {
                others.merge(o.getKey(), Math.abs(o.getValue() - e.cycles()) / e.cycles(), Double::sum);
                otherCounts.merge(o.getKey(), 1, Integer::sum);
            }
        }
        others.replaceAll((k, v) -> v / otherCounts.get(k));
        Double pmevo = null;
        Path mappingFile = dir.resolve(MAPPING);
        if (java.nio.file.Files.exists(mappingFile)) pmevo = mappingMape(PmevoData.mapping(mappingFile), evaluation);
        Map<String, int[]> uops = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) uops.put(names.get(i), r.uops()[i]);
        return new Outcome(names.size(), exps.size(), n, ports, iterations, ours / n, pmevo, others, r.error(),
                (System.nanoTime() - start) / 1e9, uops, predicted, measured);
    }

    private static int[] members(PmevoData.Experiment e, Map<String, Integer> index) {
        return e.instructions().stream().mapToInt(index::get).toArray();
    }

    /** MAPE of a Mapping3 on experiments, with the same LP bound. */
    public static double mappingMape(Map<String, List<List<String>>> mapping, PmevoData.ExperimentList list) {
        List<String> portNames = new ArrayList<>();
        for (List<List<String>> uops : mapping.values()) for (List<String> u : uops) for (String p : u) if (!portNames.contains(p)) portNames.add(p);
        double sum = 0;
        int count = 0;
        for (PmevoData.Experiment e : list.experiments()) {
            List<Integer> masks = new ArrayList<>();
            boolean known = true;
            for (String i : e.instructions()) {
                List<List<String>> uops = mapping.get(i);
                if (uops == null) {
                    known = false;
                    break;
                }
                for (List<String> u : uops) {
                    int m = 0;
                    for (String p : u) m |= 1 << portNames.indexOf(p);
                    masks.add(m);
                }
            }
            if (!known) continue;
            double[] ones = new double[masks.size()];
            java.util.Arrays.fill(ones, 1);
            double p = PortBound.cycles(portNames.size(), masks.stream().mapToInt(Integer::intValue).toArray(), ones);
            sum += Math.abs(p - e.cycles()) / e.cycles();
            count++;
        }
        return count == 0 ? Double.NaN : sum / count;
    }
}
