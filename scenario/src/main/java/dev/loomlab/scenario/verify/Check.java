package dev.loomlab.scenario.verify;

/** One request the verifier made and whether the answer kept the contract. */
public record Check(String scenario, String request, boolean passed, String detail) {
    /** The detail of a check that passed because the server said, in one line, that it cannot serve this here. */
    public static final String NOT_SERVED = "not served here: ";

    public boolean notServed() {
        return passed && detail.startsWith(NOT_SERVED);
    }

    @Override
    public String toString() {
        return (passed ? "ok   " : "FAIL ") + scenario + " " + request + (detail.isEmpty() ? "" : " — " + detail);
    }
}
