package dev.loomlab.lab.history;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * One run of a history: its folder, manifest and cells as {@link dev.loomlab.lab.result.RunFolder} read them.
 *
 * @param folder   the run folder
 * @param manifest its manifest (schema-upgraded)
 * @param cells    its cells, every round (schema-upgraded)
 */
public record HistoryRun(Path folder, Manifest manifest, List<CellResult> cells) {
    /** The manifest key a run's own version label is read from, when a run recorded one (see docs/history.md). */
    public static final String LABEL = Manifest.VERSION_LABEL;
    /** The manifest key of the user's service's own version ({@code --app}: its jar's version and commit). */
    public static final String APP = Manifest.VERSION_APP;

    public HistoryRun {
        cells = List.copyOf(cells);
    }

    /** When the run started; a manifest without a readable time sorts first, then by its run id. */
    public Instant startedAt() {
        try {
            return manifest.startedAt() == null ? Instant.EPOCH : Instant.parse(manifest.startedAt());
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }

    /** loomlab's commit the run was made with, shortened as git shows it; "?" when not recorded. */
    public String commit() {
        String c = manifest.gitCommit();
        return c == null || c.isBlank() ? "?" : c.substring(0, Math.min(10, c.length()));
    }

    /** The version label the run recorded ({@code versions.label}), or empty. */
    public String label() {
        return versionOf(LABEL);
    }

    /**
     * What a reader names the run by: the label given to it, else the measured service's own version when it has one,
     * and loomlab's commit.
     */
    public String version() {
        String named = label().isEmpty() ? versionOf(APP) : label();
        return named.isEmpty() ? commit() : named + " (" + commit() + ")";
    }

    private String versionOf(String key) {
        String v = manifest.versions() == null ? null : manifest.versions().get(key);
        return v == null ? "" : v;
    }

    public String runId() {
        return manifest.runId() == null ? folder.getFileName().toString() : manifest.runId();
    }
}
