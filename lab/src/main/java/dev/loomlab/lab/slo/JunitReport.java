package dev.loomlab.lab.slo;

import dev.loomlab.lab.os.AtomicWrite;
import java.io.StringWriter;
import java.nio.file.Path;
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

    public static String render(String suite, SloVerdict verdict) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuites");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "loomlab " + suite);
            xml.writeAttribute("tests", Integer.toString(verdict.checks().size()));
            xml.writeAttribute("failures", Long.toString(verdict.failures()));
            xml.writeAttribute("errors", "0");
            for (SloVerdict.Check c : verdict.checks()) {
                xml.writeCharacters("\n  ");
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", "loomlab." + suite + "." + c.cell().replace(' ', '.'));
                xml.writeAttribute("name", c.threshold().text());
                xml.writeAttribute("time", String.format(Locale.ROOT, "%.3f", c.seconds()));
                if (!c.passed()) {
                    xml.writeStartElement("failure");
                    xml.writeAttribute("message", c.threshold().text() + " not met: measured " + c.measuredText());
                    xml.writeAttribute("type", "slo");
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
}
