package dev.loomlab.lab.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Prometheus text exposition (what {@code /actuator/prometheus} serves): one scrape a
 * second gives every metric at once. Written here because only sums by name and label are
 * needed, and the official client's parser pulls a whole server library onto the lab's classpath.
 */
public final class Prometheus {
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples;

    private Prometheus(List<Sample> samples) {
        this.samples = samples;
    }

    public static Prometheus parse(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int brace = line.indexOf('{');
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            String name;
            Map<String, String> labels = new LinkedHashMap<>();
            if (brace >= 0 && brace < space) {
                name = line.substring(0, brace);
                int close = line.lastIndexOf('}');
                for (String pair : splitLabels(line.substring(brace + 1, close))) {
                    int eq = pair.indexOf('=');
                    if (eq > 0) {
                        labels.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip().replaceAll("^\"|\"$", ""));
                    }
                }
                space = line.indexOf(' ', close);
            } else {
                name = line.substring(0, line.indexOf(' '));
                space = line.indexOf(' ');
            }
            String[] rest = line.substring(space + 1).strip().split("\\s+");
            try {
                out.add(new Sample(name, labels, Double.parseDouble(rest[0])));
            } catch (NumberFormatException e) {
                // A value such as "+Inf" on a bucket we do not read: skip it.
            }
        }
        return new Prometheus(out);
    }

    private static List<String> splitLabels(String s) {
        List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (char c : s.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (!cur.isEmpty()) {
            parts.add(cur.toString());
        }
        return parts;
    }

    /** The sum over every series of this name, or NaN when the server does not expose it. */
    public double sum(String name) {
        return sum(name, null, null);
    }

    public double sum(String name, String label, String value) {
        double total = 0;
        boolean found = false;
        for (Sample s : samples) {
            if (s.name().equals(name) && (label == null || value.equals(s.labels().get(label)))) {
                total += s.value();
                found = true;
            }
        }
        return found ? total : Double.NaN;
    }

    public List<Sample> samples() {
        return samples;
    }
}
