package dev.loomlab.server.testkit;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A system property cleared before each test and put back as it was after it, for tests of code
 * that sets it (the servlet launchers' virtual-thread carrier count). Register it as an instance
 * field with {@code @RegisterExtension}. Plain JUnit extension API, as old as JUnit 5.0: the
 * legacy server (JUnit 5.8) uses it too.
 */
public final class ClearedSystemProperty implements BeforeEachCallback, AfterEachCallback {
    private final String name;
    private String saved;

    public ClearedSystemProperty(String name) {
        this.name = name;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        saved = System.getProperty(name);
        System.clearProperty(name);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (saved == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, saved);
        }
    }
}
