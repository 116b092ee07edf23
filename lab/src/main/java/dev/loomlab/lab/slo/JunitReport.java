package dev.loomlab.lab.slo;

import dev.loomlab.lab.os.AtomicWrite;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The SLO verdict as a JUnit XML report, the format CI servers (GitHub Actions, GitLab, Jenkins) show as test
 * results: one test suite for the run, one test case per threshold on a cell, a failure where it was not met.
 */
public final class JunitReport {
    public static final String FILE = "slo-junit.xml";

    private JunitReport() {
    }

    /**
     * One test case: what it is about, what it checked, how long that took, and why it failed (null: it passed).
     *
     * @param classname the test's group, e.g. {@code loomlab.run.mvc-virtual.block.r1}
     * @param name      the test's name
     * @param seconds   how long it took
     * @param failure   why it failed, or null
     * @param type      the failure's kind
     */
    public record Case(String classname, String name, double seconds, String failure, String type) {
        public boolean passed() {
            return failure == null;
        }
    }

    public static String render(String suite, SloVerdict verdict) {
        return render(suite, verdict.checks().stream().map(c -> new Case("loomlab." + suite + "." + c.cell().replace(' ', '.'),
                c.threshold().text(), c.seconds(), c.passed() ? null : c.threshold().text() + " not met: measured " + c.measuredText(), "slo")).toList());
    }

    /** Any test cases as one suite. */
    public static String render(String suite, List<Case> cases) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuites");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "loomlab " + suite);
            xml.writeAttribute("tests", Integer.toString(cases.size()));
            xml.writeAttribute("failures", Long.toString(cases.stream().filter(c -> !c.passed()).count()));
            xml.writeAttribute("errors", "0");
            for (Case c : cases) {
                xml.writeCharacters("\n  ");
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", c.classname());
                xml.writeAttribute("name", c.name());
                xml.writeAttribute("time", String.format(Locale.ROOT, "%.3f", c.seconds()));
                if (!c.passed()) {
                    xml.writeStartElement("failure");
                    xml.writeAttribute("message", c.failure());
                    xml.writeAttribute("type", c.type());
                    xml.writeEndElement();
                }
                xml.writeEndElement();
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the JUnit report", e);
        }
        return out + "\n";
    }

    public static Path write(Path folder, String suite, SloVerdict verdict) {
        Path file = folder.resolve(FILE);
        AtomicWrite.write(file, render(suite, verdict));
        return file;
    }

    /** Any test cases as one suite, written to {@code file}. */
    public static void write(Path file, String suite, List<Case> cases) {
        AtomicWrite.write(file, render(suite, cases));
    }
}
