package dev.loomlab.lab.cell;

import dev.loomlab.load.TlsTrust;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/** The lab's own https client context for a {@link TlsTrust}: the same trust the load driver is given. */
public final class TlsContexts {
    private TlsContexts() {
    }

    public static SSLContext of(TlsTrust trust) {
        try {
            return switch (trust) {
                case TlsTrust.Authorities a -> SSLContext.getDefault();
                case TlsTrust.Insecure i -> context(new TrustManager[] {new TrustingAnyone()});
                case TlsTrust.Certificate c -> context(fromPem(Path.of(c.pemFile())));
            };
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot set up TLS with " + trust.spelled() + ": " + e.getMessage(), e);
        }
    }

    private static SSLContext context(TrustManager[] managers) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, managers, null);
        return context;
    }

    private static TrustManager[] fromPem(Path pem) throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream in = Files.newInputStream(pem)) {
            int n = 0;
            for (Certificate cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("trusted-" + n++, cert);
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory.getTrustManagers();
    }

    /**
     * {@code --tls insecure}: any certificate, for any host name. The JDK has no such trust manager (on purpose); being
     * an extended one keeps the JDK from checking the host name behind its back.
     */
    private static final class TrustingAnyone extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
