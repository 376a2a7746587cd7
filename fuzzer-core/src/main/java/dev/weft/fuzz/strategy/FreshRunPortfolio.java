package dev.weft.fuzz.strategy;

import dev.weft.runtime.api.Strategy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * Chooses which strategy makes each fresh run of segment (a run that follows no plan and replays no
 * seed): a multi-armed bandit over PCT, PCTVB, POS, SURW, random walk and combinations of realised
 * targets, rewarded when the run adds a coverage key nobody had seen; an arm that cannot run yet
 * (nothing to combine) is not drawn. Thompson sampling: every arm keeps a Beta(1 + successes, 1 +
 * failures) belief about its chance of a new key; each fresh run draws from every belief and the
 * largest draw chooses. Which strategy pays changes as a campaign goes on (PCT's easy orders are
 * exhausted first), so the counts are discounted by {@value #DISCOUNT} at every reward: the beliefs
 * follow about the last hundred fresh runs.
 */
public final class FreshRunPortfolio {
  static final double DISCOUNT = 0.99;

  /** One strategy the portfolio can run, with its belief and its record. */
  public static final class Arm {
    public final String name;
    final Strategy strategy;
    private final BooleanSupplier ready;
    private double successes;
    private double failures;
    private long runs;
    private long keys;

    public Arm(String name, Strategy strategy) {
      this(name, strategy, () -> true);
    }

    /**
     * @param ready whether the arm can make a run now
     */
    Arm(String name, Strategy strategy, BooleanSupplier ready) {
      this.name = name;
      this.strategy = strategy;
      this.ready = ready;
    }
  }

  private final List<Arm> arms;
  private final SplittableRandom random;

  public FreshRunPortfolio(List<Arm> arms, long seed) {
    if (arms.isEmpty()) {
      throw new IllegalArgumentException("a portfolio needs an arm");
    }
    if (!arms.get(0).ready.getAsBoolean()) {
      throw new IllegalArgumentException("a portfolio's first arm must always be ready");
    }
    this.arms = List.copyOf(arms);
    this.random = new SplittableRandom(seed);
  }

  /** The arm for the next fresh run. */
  public Arm choose() {
    Arm best = null;
    double bestDraw = -1;
    for (Arm arm : arms) {
      if (!arm.ready.getAsBoolean()) {
        continue;
      }
      double draw = beta(1 + arm.successes, 1 + arm.failures);
      if (draw > bestDraw) {
        bestDraw = draw;
        best = arm;
      }
    }
    best.runs++;
    return best;
  }

  /** What {@code arm}'s run gave: {@code newKeys} coverage keys nobody had seen. */
  public void reward(Arm arm, int newKeys) {
    for (Arm a : arms) {
      a.successes *= DISCOUNT;
      a.failures *= DISCOUNT;
    }
    if (newKeys > 0) {
      arm.successes++;
    } else {
      arm.failures++;
    }
    arm.keys += newKeys;
  }

  List<Arm> arms() {
    return arms;
  }

  /** Per arm: the fresh runs it made and the new keys they added. */
  public Map<String, Number> stats() {
    Map<String, Number> out = new LinkedHashMap<>();
    for (Arm a : arms) {
      out.put("freshRuns." + a.name, a.runs);
      out.put("freshKeys." + a.name, a.keys);
    }
    return out;
  }

  /** A Beta(a, b) draw, as X / (X + Y) for X ~ Gamma(a), Y ~ Gamma(b); a, b >= 1. */
  private double beta(double a, double b) {
    double x = gamma(a);
    double y = gamma(b);
    return x / (x + y);
  }

  /** Marsaglia and Tsang's method, for shape >= 1. */
  private double gamma(double shape) {
    double d = shape - 1.0 / 3;
    double c = 1 / Math.sqrt(9 * d);
    while (true) {
      double x;
      double v;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      double u = random.nextDouble();
      if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
        return d * v;
      }
    }
  }

  /** A standard normal draw (Box-Muller). */
  private double normal() {
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
