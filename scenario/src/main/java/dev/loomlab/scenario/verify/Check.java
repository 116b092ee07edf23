package dev.loomlab.scenario.verify;

/** One request the verifier made and whether the answer kept the contract. */
public record Check(String scenario, String request, boolean passed, String detail) {
    @Override
    public String toString() {
        return (passed ? "ok   " : "FAIL ") + scenario + " " + request + (detail.isEmpty() ? "" : " — " + detail);
    }
}
