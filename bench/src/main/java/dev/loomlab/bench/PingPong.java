package dev.loomlab.bench;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/** Two threads passing a turn {@code handovers} times with park/unpark; returns the hand-overs made. */
final class PingPong {
    private PingPong() {
    }

    static int run(Thread.Builder builder, int handovers) throws InterruptedException {
        // turn counts hand-overs: even = ping's turn, odd = pong's.
        AtomicInteger turn = new AtomicInteger();
        Thread[] pair = new Thread[2];
        Runnable ping = () -> side(turn, 0, handovers, pair, 1);
        Runnable pong = () -> side(turn, 1, handovers, pair, 0);
        pair[0] = builder.unstarted(ping);
        pair[1] = builder.unstarted(pong);
        pair[1].start();
        pair[0].start();
        pair[0].join();
        pair[1].join();
        return turn.get();
    }

    private static void side(AtomicInteger turn, int parity, int handovers, Thread[] pair, int other) {
        while (true) {
            int t = turn.get();
            if (t >= handovers) {
                LockSupport.unpark(pair[other]);
                return;
            }
            if ((t & 1) == parity) {
                turn.incrementAndGet();
                LockSupport.unpark(pair[other]);
            } else {
                // Spurious wake-ups are allowed: the loop re-reads the turn.
                LockSupport.park();
            }
        }
    }
}
