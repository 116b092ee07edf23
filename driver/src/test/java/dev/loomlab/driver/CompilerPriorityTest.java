package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.load.Protocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerPriorityTest {

    /** A thread's {@code stat} line as the kernel writes it, with its nice value in field 19. */
    private static String stat(long tid, String name, int nice) {
        return tid + " (" + name + ") S 1 1 1 0 -1 4194624 100 0 0 0 7 3 0 0 20 " + nice + " 30 0 12345 0 0\n";
    }

    private static void thread(Path proc, long pid, long tid, String name, int nice) throws IOException {
        Path task = proc.resolve(pid + "/task/" + tid);
        Files.createDirectories(task);
        Files.writeString(task.resolve("stat"), stat(tid, name, nice));
    }

    @Test
    void theNiceValueIsField19CountedAfterANameThatHoldsSpacesAndParentheses() {
        assertThat(CompilerPriority.nice(stat(42, "C2 CompilerThre", -5))).isEqualTo(-5);
        assertThat(CompilerPriority.nice(stat(42, "a (weird) name", 19))).isEqualTo(19);
    }

    @Test
    void onlyTheCompilerThreadsGoAheadEachOnceAndEachGetsItsOwnNiceBackAtTheWindow(@TempDir Path proc) throws IOException {
        thread(proc, 7, 7, "java", 0);
        thread(proc, 7, 100, "C2 CompilerThre", 0);
        thread(proc, 7, 101, "C1 CompilerThre", 5);
        thread(proc, 7, 102, "reactor-http-ep", 0);
        List<List<String>> commands = new ArrayList<>();
        CompilerPriority priority = new CompilerPriority(proc, 7, commands::add);

        priority.raise();
        priority.raise();
        // HotSpot starts another compiler thread as its queue grows: it goes ahead on the next second
        thread(proc, 7, 103, "C2 CompilerThre", 0);
        priority.raise();
        String ahead = Integer.toString(Protocol.COMPILER_NICE);
        assertThat(commands).containsExactly(
                List.of("renice", "-n", ahead, "-p", "100", "101"),
                List.of("renice", "-n", ahead, "-p", "103"));

        commands.clear();
        priority.restore();
        assertThat(commands).containsExactlyInAnyOrder(
                List.of("renice", "-n", "0", "-p", "100", "103"),
                List.of("renice", "-n", "5", "-p", "101"));
        commands.clear();
        priority.restore();
        assertThat(commands).as("nothing raised is left to restore").isEmpty();
    }

    @Test
    void aServerThatIsGoneIsLeftAlone(@TempDir Path proc) {
        List<List<String>> commands = new ArrayList<>();
        new CompilerPriority(proc, 9, commands::add).raise();
        assertThat(commands).isEmpty();
    }

    /**
     * A real JVM's compiler threads, as {@code ps} (not this code) reads them: ahead of the rest while raised, and back
     * at their nice value once restored, with its other threads untouched throughout.
     */
    @Test
    void aRealJvmsCompilerThreadsGoAheadAndComeBack() throws Exception {
        try (IdleJvm jvm = IdleJvm.started("-XX:+UseSerialGC")) {
            CompilerPriority priority = CompilerPriority.of(jvm.pid());
            Map<String, Integer> before = nicesByThread(jvm.pid());
            assertThat(before).as("a JVM has compiler threads").anySatisfy((name, nice) -> assertThat(name).contains("CompilerThre"));

            priority.raise();
            Map<String, Integer> raised = awaitNices(jvm.pid(), nices -> compilers(nices).allMatch(n -> n == Protocol.COMPILER_NICE));
            assertThat(compilers(raised)).allMatch(n -> n == Protocol.COMPILER_NICE);
            assertThat(others(raised)).as("its other threads").isEqualTo(others(before));

            priority.restore();
            Map<String, Integer> restored = awaitNices(jvm.pid(), nices -> compilers(nices).noneMatch(n -> n == Protocol.COMPILER_NICE));
            assertThat(restored).isEqualTo(before);
        }
    }

    private static Stream<Integer> compilers(Map<String, Integer> nices) {
        return nices.entrySet().stream().filter(e -> e.getKey().contains("CompilerThre")).map(Map.Entry::getValue);
    }

    private static Map<String, Integer> others(Map<String, Integer> nices) {
        Map<String, Integer> rest = new TreeMap<>(nices);
        rest.keySet().removeIf(name -> name.contains("CompilerThre"));
        return rest;
    }

    /** renice runs without the caller waiting: polls ps until it has acted, 30 s at most (a slow machine's process start). */
    private static Map<String, Integer> awaitNices(long pid, Predicate<Map<String, Integer>> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Map<String, Integer> nices = nicesByThread(pid);
        while (!done.test(nices) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            nices = nicesByThread(pid);
        }
        return nices;
    }

    /** Each thread's nice value as {@code ps} shows it, keyed by thread id and name. */
    private static Map<String, Integer> nicesByThread(long pid) throws Exception {
        Process ps = new ProcessBuilder("ps", "-L", "-o", "tid=,ni=,comm=", "-p", Long.toString(pid)).start();
        String out = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        ps.waitFor();
        Map<String, Integer> nices = new TreeMap<>();
        for (String line : out.strip().split("\n")) {
            String[] f = line.strip().split("\\s+", 3);
            nices.put(f[0] + " " + f[2], Integer.parseInt(f[1]));
        }
        return nices;
    }
}
