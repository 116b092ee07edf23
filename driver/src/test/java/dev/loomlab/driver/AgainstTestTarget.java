package dev.loomlab.driver;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Tests of the driver against a {@link TestTarget} in this JVM, started once for the test class and closed after it. */
abstract class AgainstTestTarget {
    static TestTarget target;

    @BeforeAll
    static void startTarget() throws Exception {
        target = new TestTarget();
    }

    @AfterAll
    static void stopTarget() {
        if (target != null) {
            target.close();
        }
    }
}
