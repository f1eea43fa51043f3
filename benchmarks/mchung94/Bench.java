// Times mchung94/solitaire-player's Pyramid challenge solvers, one solve per deck:
//   java -cp CLASSES:RESOURCES:trove4j.jar:jackson-*.jar Bench cards|score DECKS.tsv LIMIT_MS
// DECKS.tsv: a deck number, a tab, the 52 cards as the solver's Deck reads them
// ("2c Js 3c Td ..."). Prints a line per deck: number, wall ms, CPU ms of the solving
// thread, the steps of the longest line returned (-1 -1 -1: given up at LIMIT_MS of wall).
import com.secondthorn.solitaireplayer.solvers.pyramid.*;
import java.io.*;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.*;

public class Bench {
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        String goal = args[0];
        long limitMs = Long.parseLong(args[2]);
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new FileReader(args[1]))) {
            String l; while ((l = r.readLine()) != null) if (!l.isBlank()) lines.add(l);
        }
        run(goal, lines.get(0).split("\t")[1]);  // warm-up
        for (String l : lines) {
            String[] p = l.split("\t");
            final String cards = p[1];
            final long[] out = {-1, -1};
            final int[] steps = {-1};
            Thread t = new Thread(() -> {
                long t0 = System.nanoTime(), c0 = MX.getCurrentThreadCpuTime();
                steps[0] = run(goal, cards);
                out[1] = MX.getCurrentThreadCpuTime() - c0;
                out[0] = System.nanoTime() - t0;
            });
            t.setDaemon(true);
            t.start(); t.join(limitMs);
            if (t.isAlive()) { t.stop(); System.out.println(p[0] + "\t-1\t-1\t-1"); System.gc(); continue; }
            System.out.println(p[0] + "\t" + (out[0] / 1e6) + "\t" + (out[1] / 1e6) + "\t" + steps[0]);
        }
    }

    static int run(String goal, String cards) {
        Deck deck = new Deck(cards);
        PyramidSolver s = goal.equals("cards") ? new CardChallengeSolver(4, 'A', 0)
                                               : new ScoreChallengeSolver(1290, 0);
        Map<String, List<Action>> sol = s.solve(deck);
        int best = -1;
        for (List<Action> a : sol.values()) best = Math.max(best, a.size());
        return best;
    }
}
