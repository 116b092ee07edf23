package dev.loomlab.lab.os.process;

/**
 * Run in a JVM of its own by {@link ChildrenGuardTest}: starts {@code sleep 300} as the lab starts its children,
 * prints {@code READY <child pid> <guard pid>} and waits to be killed — or, given {@code exit}, exits.
 */
public final class ChildrenProbe {

    public static void main(String[] args) throws Exception {
        Process child = Children.start(new ProcessBuilder("sleep", "300"));
        System.out.println("READY " + child.pid() + " " + Children.guardProcess().orElseThrow().pid());
        System.out.flush();
        if (args.length > 0 && args[0].equals("exit")) {
            System.exit(0);
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
