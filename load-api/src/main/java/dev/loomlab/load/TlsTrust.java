package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which https servers the lab and its drivers believe: the JDK's certificate authorities, one PEM certificate
 * file (a self-signed server's), or any certificate at all ({@code --insecure}: encrypted, not authenticated).
 */
public sealed interface TlsTrust {
    TlsTrust AUTHORITIES = new Authorities();
    TlsTrust INSECURE = new Insecure();

    record Authorities() implements TlsTrust {
    }

    record Insecure() implements TlsTrust {
    }

    /** @param pemFile a certificate (or chain) in PEM: the only one trusted */
    record Certificate(String pemFile) implements TlsTrust {
        public Certificate {
            if (pemFile == null || pemFile.isBlank()) {
                throw new InvalidLoadException("tls trust: a certificate file is required");
            }
        }
    }

    /** The default, left out of a request file (so that files written before https read and round-trip as they were). */
    final class Unsaid {
        @Override
        public boolean equals(Object value) {
            return value == null || AUTHORITIES.equals(value);
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** On the wire: {@code authorities}, {@code insecure} or the certificate file's path. */
    @JsonValue
    default String spelled() {
        return switch (this) {
            case Authorities a -> "authorities";
            case Insecure i -> "insecure";
            case Certificate c -> c.pemFile();
        };
    }

    @JsonCreator
    static TlsTrust of(String spelled) {
        return switch (spelled) {
            case "authorities" -> AUTHORITIES;
            case "insecure" -> INSECURE;
            default -> new Certificate(spelled);
        };
    }
}
