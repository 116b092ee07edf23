package dev.loomlab.lab.catalog;

import java.util.Iterator;

/** The catalogue's model ids, for picocli's {@code ${COMPLETION-CANDIDATES}} in help texts. */
public final class ModelIds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return Model.idList().iterator();
    }
}
