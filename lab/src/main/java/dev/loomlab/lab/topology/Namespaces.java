package dev.loomlab.lab.topology;

import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.settings.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The split topology on this one machine: a network namespace for each load driver, one for the
 * server and one for the database, each joined by a veth pair to a bridge in the root namespace,
 * where the lab itself keeps {@code .1} of a private /24 (10.231.S.0/24) — so it reaches the
 * server's management port, the database and the contract endpoints as before, only at another
 * address. All traffic stays on this machine.
 *
 * <p>The delays: the server's port on the bridge is then a user-space cable, a {@link DelayedLink}
 * (this kernel has no netem qdisc). Without a delay the server gets a veth like the others.
 *
 * <p>Names are unique per run ({@code loomlab-<pid>-<n>-app}, interfaces {@code ll<pid>x<n>…});
 * {@link #close()} deletes all of them, and a shutdown hook does the same on Ctrl-C. Only what this
 * object created is ever deleted.
 */
public final class Namespaces implements AutoCloseable {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Topology topology;
    private final Path ip;
    private final String base;
    private final String ifPrefix;
    private final String subnet;
    private final List<String> driverNamespaces = new ArrayList<>();
    private final List<String> created = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread hook = new Thread(this::close, "loomlab-namespaces-delete");
    private volatile DelayedLink wire;

    private Namespaces(Topology topology, Path ip, int drivers, int subnetByte) {
        this.topology = topology;
        this.ip = ip;
        int n = SEQUENCE.incrementAndGet();
        long pid = ProcessHandle.current().pid();
        this.base = "loomlab-" + pid + "-" + n;
        this.ifPrefix = "ll" + pid + "x" + n;
        this.subnet = LabNamespaces.SUBNET_PREFIX + subnetByte;
        for (int i = 1; i <= drivers; i++) {
            driverNamespaces.add(base + "-drv" + i);
        }
    }

    /** Exit 2 with one line when this machine cannot make the split topology, before anything is started. */
    public static void check(Topology topology) {
        if (!topology.split()) {
            return;
        }
        if (LabNamespaces.uid() != 0) {
            throw new PlanException("topology split needs root: it creates network namespaces (ip netns add) and a bridge — run as root, or use --topology local");
        }
        if (LabNamespaces.ipBinary() == null) {
            throw new PlanException("topology split needs the ip command (iproute2): run tools/install-netns.sh");
        }
        if (topology.delayed()) {
            if (!Files.exists(Path.of("/dev/net/tun"))) {
                throw new PlanException("--app-latency / --db-latency need /dev/net/tun (the kernel's TUN/TAP driver) for the delayed link: not present here");
            }
            if (DelayedLink.python() == null) {
                throw new PlanException("--app-latency / --db-latency need python3 (tools/netns-wire.py delays the server's link): install python3");
            }
        }
    }

    /**
     * Creates the namespaces, the bridge and the links; a failure deletes what was made and is a
     * {@link PlanException} (exit 2) naming why — e.g. namespaces not permitted in this container.
     */
    public static Namespaces create(Topology topology, int drivers, CpuLayout cpus) {
        check(topology);
        Namespaces ns = new Namespaces(topology, LabNamespaces.ipBinary(), drivers, freeSubnet());
        Runtime.getRuntime().addShutdownHook(ns.hook);
        // Should the lab be killed (no hook runs then), the children's guard deletes them.
        Children.hold();
        try {
            ns.build(cpus);
            return ns;
        } catch (RuntimeException e) {
            ns.close();
            throw e instanceof PlanException ? e : new PlanException("topology split: " + e.getMessage());
        }
    }

    private void build(CpuLayout cpus) {
        List<String> all = new ArrayList<>(driverNamespaces);
        all.add(appNamespace());
        all.add(dbNamespace());
        for (String name : all) {
            try {
                ip("netns", "add", name);
            } catch (IllegalStateException e) {
                throw new PlanException("topology split: cannot create network namespace " + name + " (" + e.getMessage()
                        + "): namespaces are not permitted here — run as root on a kernel with CONFIG_NET_NS, or use --topology local");
            }
            created.add("netns:" + name);
        }
        ip("link", "add", bridge(), "type", "bridge");
        created.add("link:" + bridge());
        ip("addr", "add", rootAddress() + "/24", "dev", bridge());
        ip("link", "set", bridge(), "up");
        for (int i = 0; i < driverNamespaces.size(); i++) {
            veth(driverNamespaces.get(i), ifPrefix + "r" + (i + 1), driverAddress(i + 1));
        }
        veth(dbNamespace(), ifPrefix + "d", dbAddress());
        if (topology.delayed()) {
            wire(cpus);
        } else {
            veth(appNamespace(), ifPrefix + "a", appAddress());
        }
    }

    private void veth(String namespace, String rootSide, String address) {
        ip("link", "add", rootSide, "type", "veth", "peer", "name", "eth0", "netns", namespace);
        created.add("link:" + rootSide);
        ip("link", "set", rootSide, "master", bridge(), "up");
        inside(namespace, address);
    }

    private void inside(String namespace, String address) {
        ip("-n", namespace, "addr", "add", address + "/24", "dev", "eth0");
        ip("-n", namespace, "link", "set", "eth0", "up");
        ip("-n", namespace, "link", "set", "lo", "up");
    }

    /** The server's delayed port: both TAP devices live as long as the wire process ({@link DelayedLink}). */
    private void wire(CpuLayout cpus) {
        List<String> delays = new ArrayList<>();
        for (int i = 1; i <= driverNamespaces.size(); i++) {
            delays.add(DelayedLink.delay(driverAddress(i), topology.appLatency(), topology.appJitter()));
        }
        delays.add(DelayedLink.delay(dbAddress(), topology.dbLatency(), topology.dbJitter()));
        wire = DelayedLink.start(cpus, appNamespace(), "eth0", ifPrefix + "a", delays);
        wire.awaitReady();
        created.add("link:" + ifPrefix + "a");
        ip("link", "set", ifPrefix + "a", "master", bridge(), "up");
        inside(appNamespace(), appAddress());
    }

    public Topology topology() {
        return topology;
    }

    public String appNamespace() {
        return base + "-app";
    }

    public String dbNamespace() {
        return base + "-db";
    }

    /** The namespace of driver {@code i} (1-based). */
    public String driverNamespace(int i) {
        return driverNamespaces.get(i - 1);
    }

    public int drivers() {
        return driverNamespaces.size();
    }

    /** The lab's own address on the bridge (the root namespace). */
    public String rootAddress() {
        return subnet + ".1";
    }

    public String appAddress() {
        return subnet + ".2";
    }

    public String dbAddress() {
        return subnet + ".3";
    }

    public String driverAddress(int i) {
        return subnet + "." + (10 + i);
    }

    private String bridge() {
        return ifPrefix + "b";
    }

    /** {@code command} run inside {@code namespace}: {@code ip netns exec} execs it, so its PID is the command's own. */
    public List<String> exec(String namespace, List<String> command) {
        List<String> full = new ArrayList<>(List.of(ip.toString(), "netns", "exec", namespace));
        full.addAll(command);
        return full;
    }

    /** One line for the console: the subnet and each link's delay. */
    public String summary() {
        return subnet + ".0/24, driver↔app " + Topology.format(topology.appLatency()) + " ± " + Topology.format(topology.appJitter())
                + ", app↔db " + Topology.format(topology.dbLatency()) + " ± " + Topology.format(topology.dbJitter()) + " each way";
    }

    /** For the manifest and each cell: namespaces, addresses and each link's delay. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>(topology.describe());
        m.put("subnet", subnet + ".0/24");
        m.put("bridge", bridge() + " " + rootAddress() + " (the lab, root namespace)");
        Map<String, String> spaces = new LinkedHashMap<>();
        for (int i = 1; i <= driverNamespaces.size(); i++) {
            spaces.put("driver" + i, driverNamespace(i) + " " + driverAddress(i));
        }
        spaces.put("app", appNamespace() + " " + appAddress());
        spaces.put("db", dbNamespace() + " " + dbAddress());
        m.put("namespaces", spaces);
        Map<String, String> links = new LinkedHashMap<>();
        links.put("driver-app", Topology.format(topology.appLatency()) + " ± " + Topology.format(topology.appJitter()) + " each way");
        links.put("app-db", Topology.format(topology.dbLatency()) + " ± " + Topology.format(topology.dbJitter()) + " each way");
        m.put("links", links);
        m.put("delayedBy", topology.delayed()
                ? "user-space link tools/netns-wire.py on the app's port (this kernel has no netem qdisc); frames kept in order"
                : "none (veth pairs on a bridge)");
        return m;
    }

    /** Deletes every namespace and link this object created; safe to call twice and from the shutdown hook. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // We are the hook, or it is running.
        }
        DelayedLink w = wire;
        if (w != null) {
            w.stop();
        }
        List<String> undo = new ArrayList<>(created);
        Collections.reverse(undo);
        for (String item : undo) {
            String[] kind = item.split(":", 2);
            // A veth whose peer was in a deleted namespace is gone already: errors here are expected.
            tryIp(kind[0].equals("netns") ? List.of("netns", "delete", kind[1]) : List.of("link", "delete", kind[1]));
        }
        Children.release();
    }

    /** A /24 of 10.231.0.0/16 that no interface of the root namespace uses. */
    private static int freeSubnet() {
        String used = LabNamespaces.run(LabNamespaces.ipBinary(), List.of("-o", "-4", "addr", "show"));
        int start = (int) (ProcessHandle.current().pid() % 250);
        for (int k = 0; k < 250; k++) {
            int candidate = 1 + (start + k) % 250;
            if (!used.contains(" " + LabNamespaces.SUBNET_PREFIX + candidate + ".")) {
                return candidate;
            }
        }
        throw new PlanException("topology split: every /24 of 10.231.0.0/16 is in use on this machine");
    }

    private void ip(String... args) {
        LabNamespaces.run(ip, List.of(args));
    }

    private void tryIp(List<String> args) {
        try {
            LabNamespaces.run(ip, args);
        } catch (RuntimeException e) {
            // Already gone.
        }
    }
}
