package dev.uopsim.validation;

import java.util.List;
import java.util.Locale;

/**
 * Plots: predicted-against-measured scatter plots (a terminal rendering and an SVG file), and the
 * what-if sweeps' line chart (one parameter) and heat map (two).
 */
public final class Plots {
    private Plots() {}

    /** A log-log scatter of {@code y} (predicted) against {@code x} (measured) in characters. */
    public static String terminalScatter(double[] x, double[] y, int width, int height, String xLabel, String yLabel) {
        double lo = Math.log10(Math.max(1e-9, Math.min(min(x), min(y))));
        double hi = Math.log10(Math.max(max(x), max(y)));
        if (hi - lo < 1e-9) hi = lo + 1;
        int[][] count = new int[height][width];
        for (int i = 0; i < x.length; i++) {
            int cx = (int) Math.round((Math.log10(x[i]) - lo) / (hi - lo) * (width - 1));
            int cy = (int) Math.round((Math.log10(y[i]) - lo) / (hi - lo) * (height - 1));
            if (cx >= 0 && cx < width && cy >= 0 && cy < height) count[height - 1 - cy][cx]++;
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s (log scale, %.3g to %.3g); '/' marks predicted = measured%n", yLabel,
                Math.pow(10, lo), Math.pow(10, hi)));
        String shades = " .:oO@";
        for (int r = 0; r < height; r++) {
            sb.append("|");
            for (int c = 0; c < width; c++) {
                int n = count[r][c];
                boolean diagonal = Math.abs((height - 1 - r) * (width - 1) - c * (height - 1)) < (width - 1) / 2.0;
                sb.append(n == 0 ? (diagonal ? '/' : ' ') : shades.charAt(Math.min(shades.length() - 1, 1 + (int) (Math.log10(n) * 1.5))));
            }
            sb.append('\n');
        }
        sb.append("+").append("-".repeat(width)).append("> ").append(xLabel).append('\n');
        return sb.toString();
    }

    /** The same scatter as an SVG document, with the diagonal and a 10% band. */
    public static String svgScatter(double[] x, double[] y, String title, String xLabel, String yLabel) {
        double lo = Math.floor(Math.log10(Math.max(1e-9, Math.min(min(x), min(y)))));
        double hi = Math.ceil(Math.log10(Math.max(max(x), max(y))));
        if (hi <= lo) hi = lo + 1;
        int size = 560, margin = 60;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                size + 2 * margin, size + 2 * margin));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\">%s</text>%n", margin, escape(title)));
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>%n", margin, margin, size, size));
        for (double d = lo; d <= hi + 1e-9; d++) {
            double p = (d - lo) / (hi - lo) * size;
            String label = String.format(Locale.ROOT, "%.0f", Math.pow(10, d));
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>%n", margin + p, margin, margin + p, margin + size));
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>%n", margin, margin + size - p, margin + size, margin + size - p));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", margin + p, margin + size + 18, label));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", margin - 6, margin + size - p + 4, label));
        }
        double band = Math.log10(1.1) / (hi - lo) * size;
        sb.append(String.format(Locale.ROOT, "<polygon points=\"%d,%.1f %.1f,%d %d,%d %d,%.1f\" fill=\"#cde\" opacity=\"0.5\"/>%n",
                margin, margin + size - band, margin + size - band, margin, margin + size, margin, margin + size, margin + band));
        sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#c33\"/>%n", margin, margin + size, margin + size, margin));
        for (int i = 0; i < x.length; i++) {
            double px = (Math.log10(x[i]) - lo) / (hi - lo) * size;
            double py = (Math.log10(y[i]) - lo) / (hi - lo) * size;
            sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.6\" fill=\"#246\" opacity=\"0.45\"/>%n", margin + px, margin + size - py));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", margin + size / 2, margin + size + 40, escape(xLabel)));
        sb.append(String.format(Locale.ROOT, "<text transform=\"translate(16,%d) rotate(-90)\" text-anchor=\"middle\">%s</text>%n", margin + size / 2, escape(yLabel)));
        sb.append("</svg>\n");
        return sb.toString();
    }

    /**
     * A line chart of {@code y} over the swept values {@code x} (placed evenly, labelled as given),
     * the y axis from 0.
     */
    public static String svgLine(List<String> x, double[] y, String title, String xLabel, String yLabel) {
        int w = 560, h = 360, margin = 60;
        double top = niceCeiling(max(y));
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                w + 2 * margin, h + 2 * margin));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\">%s</text>%n", margin, escape(title)));
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>%n", margin, margin, w, h));
        for (int t = 0; t <= 5; t++) {
            double v = top * t / 5;
            double py = margin + h - h * t / 5.0;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>%n", margin, py, margin + w, py));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", margin - 6, py + 4, number(v)));
        }
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < x.size(); i++) {
            double px = margin + (x.size() == 1 ? w / 2.0 : w * (0.05 + 0.9 * i / (x.size() - 1)));
            double py = margin + h - h * y[i] / top;
            path.append(i == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f,%.1f", px, py));
            sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#246\"><title>%s: %s</title></circle>%n",
                    px, py, escape(x.get(i)), number(y[i])));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px, margin + h + 18, escape(x.get(i))));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#246\">%s</text>%n", px, py - 8, number(y[i])));
        }
        sb.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"#246\" stroke-width=\"2\"/>%n", path));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", margin + w / 2, margin + h + 40, escape(xLabel)));
        sb.append(String.format(Locale.ROOT, "<text transform=\"translate(16,%d) rotate(-90)\" text-anchor=\"middle\">%s</text>%n", margin + h / 2, escape(yLabel)));
        sb.append("</svg>\n");
        return sb.toString();
    }

    /**
     * A heat map of {@code values[row][column]} over two swept parameters (columns: {@code x},
     * rows: {@code y}), each cell coloured from light (smallest) to dark (largest) and labelled.
     */
    public static String svgHeatmap(List<String> x, List<String> y, double[][] values, String title, String xLabel, String yLabel) {
        int cell = Math.max(48, Math.min(96, 560 / Math.max(x.size(), y.size())));
        int margin = 90;
        int w = cell * x.size(), h = cell * y.size();
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (double[] row : values) for (double v : row) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                w + 2 * margin, h + 2 * margin));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\">%s</text>%n", 12, escape(title)));
        for (int r = 0; r < y.size(); r++) {
            for (int c = 0; c < x.size(); c++) {
                double v = values[r][c];
                double t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
                int red = (int) Math.round(240 - 200 * t), green = (int) Math.round(244 - 170 * t), blue = (int) Math.round(250 - 110 * t);
                int px = margin + c * cell, py = margin + (y.size() - 1 - r) * cell;
                sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" stroke=\"#fff\"><title>%s, %s: %s</title></rect>%n",
                        px, py, cell, cell, red, green, blue, escape(x.get(c)), escape(y.get(r)), number(v)));
                sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\">%s</text>%n",
                        px + cell / 2, py + cell / 2 + 4, t > 0.55 ? "#fff" : "#000", number(v)));
            }
        }
        for (int c = 0; c < x.size(); c++) {
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", margin + c * cell + cell / 2, margin + h + 18, escape(x.get(c))));
        }
        for (int r = 0; r < y.size(); r++) {
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", margin - 6, margin + (y.size() - 1 - r) * cell + cell / 2 + 4, escape(y.get(r))));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", margin + w / 2, margin + h + 40, escape(xLabel)));
        sb.append(String.format(Locale.ROOT, "<text transform=\"translate(20,%d) rotate(-90)\" text-anchor=\"middle\">%s</text>%n", margin + h / 2, escape(yLabel)));
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static double niceCeiling(double v) {
        if (v <= 0) return 1;
        double step = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[]{1, 2, 2.5, 5, 10}) if (m * step >= v * 1.1) return m * step;
        return 10 * step;
    }

    private static String number(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-9 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static double min(double[] v) {
        double m = Double.MAX_VALUE;
        for (double d : v) m = Math.min(m, d);
        return m;
    }

    private static double max(double[] v) {
        double m = -Double.MAX_VALUE;
        for (double d : v) m = Math.max(m, d);
        return m;
    }
}
