package dev.weft.bench;

import dev.weft.fuzz.strategy.Strategies;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.ControllerThread;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.RunFingerprint;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.races.RaceMode;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Proves that a change to the runtime or the strategies kept behaviour: for fixed seeds it runs
 * every bundled example (and, optionally, test targets: every public static no-argument method and
 * every {@code main(String[])} of named classes, or of every top-level class in named packages)
 * under random, PCT and segment, and hashes each run's outcome, failure signature, decisions and
 * trace. {@code record} writes the hashes, {@code compare} recomputes them and names the first run
 * that differs. Run with {@code scripts/check-behaviour}.
 */
public final class BehaviourFingerprint {
  private static final String[] STRATEGIES = {"random", "pct", "segment"};
  private static final long SEED = 1;
  private static final int DEPTH = 3;

  private BehaviourFingerprint() {}

  /**
   * Arguments: {@code record|compare FILE RUNS EXAMPLES_DIR [TARGETS_DIR CLASS_OR_PACKAGE...]}. A
   * package (a directory under {@code TARGETS_DIR}) stands for its top-level classes and those of
   * its sub-packages. Exit status 1 when {@code compare} finds a difference.
   */
  /** Runs on a controller thread, as the weft command does (on JDK 21+, a virtual thread). */
  public static void main(String[] args) throws Exception {
    ControllerThread.call(
        () -> {
          fingerprint(args);
          return null;
        });
  }

  private static void fingerprint(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println(
          "usage: BehaviourFingerprint record|compare FILE RUNS EXAMPLES_DIR"
              + " [TARGETS_DIR CLASS_OR_PACKAGE...]");
      System.exit(2);
    }
    boolean record = args[0].equals("record");
    Path file = Path.of(args[1]);
    int runs = Integer.parseInt(args[2]);
    Path examples = Path.of(args[3]);
    Map<String, Target> targets = new LinkedHashMap<>();
    for (String[] example : ExampleCatalog.all(examples)) {
      targets.put(ExampleCatalog.name(example), new Target(examples, mainSpec(example)));
    }
    if (args.length > 5) {
      Path dir = Path.of(args[4]);
      for (String name : Arrays.copyOfRange(args, 5, args.length)) {
        for (String className : classes(dir, name)) {
          String simple = className.substring(className.lastIndexOf('.') + 1);
          for (String method : staticNoArgMethods(dir, className)) {
            put(
                targets,
                simple + "::" + method,
                new Target(dir, TargetSpec.method(className + "::" + method)));
          }
          if (hasMain(dir, className)) {
            put(targets, simple, new Target(dir, TargetSpec.main(className, List.of())));
          }
        }
      }
    }
    Map<String, String[]> recorded = record ? Map.of() : read(file);
    List<String> lines = new ArrayList<>();
    int differences = 0;
    for (Map.Entry<String, Target> e : targets.entrySet()) {
      for (String strategy : STRATEGIES) {
        String key = e.getKey() + "\t" + strategy;
        String[] expected = recorded.get(key);
        if (!record && expected == null) {
          System.out.println("NOT RECORDED  " + key.replace('\t', ' '));
          differences++;
          continue;
        }
        int n = record ? runs : Math.min(runs, expected.length);
        String[] hashes = fingerprint(e.getValue(), strategy, n);
        lines.add(key + "\t" + String.join(" ", hashes));
        if (!record) {
          for (int i = 0; i < n; i++) {
            if (!hashes[i].equals(expected[i])) {
              System.out.println(
                  "DIFFERS       " + key.replace('\t', ' ') + " first at run " + (i + 1));
              differences++;
              break;
            }
          }
        }
        System.out.flush();
      }
    }
    if (record) {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.write(file, lines);
      System.out.println("recorded " + lines.size() + " target/strategy pairs to " + file);
    } else {
      System.out.println(
          differences == 0
              ? "behaviour unchanged: " + lines.size() + " target/strategy pairs identical"
              : differences + " target/strategy pairs differ");
      System.exit(differences == 0 ? 0 : 1);
    }
  }

  private record Target(Path classPath, TargetSpec spec) {}

  private static String[] fingerprint(Target target, String strategyName, int runs)
      throws Exception {
    SiteTable sites = new SiteTable();
    FieldTable fields = new FieldTable();
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(List.of(target.classPath())), sites, fields);
    // the race oracle only adds findings after a run; scheduling is compared without it
    RunExecutor executor =
        new RunExecutor(instrumenter, target.spec(), RunBudget.DEFAULT, RaceMode.OFF);
    Strategy strategy = Strategies.create(strategyName, DEPTH, SEED, Strategies.siteKeys(sites));
    String[] hashes = new String[runs];
    for (int run = 1; run <= runs; run++) {
      RunResult r = executor.execute(strategy, run);
      hashes[run - 1] = String.format("%08x", (int) hash(r, sites, fields));
    }
    return hashes;
  }

  /**
   * The run's {@link RunFingerprint}. The per-run pool package was renamed from {@code model} to
   * {@code perrun}; sites and fields in it compare under the new name, so recordings made before
   * the rename stay comparable.
   */
  static long hash(RunResult r, SiteTable sites, FieldTable fields) {
    return RunFingerprint.of(r, sites, fields, BehaviourFingerprint::normalised);
  }

  private static String normalised(String name) {
    return name.replace("dev.weft.runtime.model.", "dev.weft.runtime.perrun.")
        .replace("dev/weft/runtime/model/", "dev/weft/runtime/perrun/");
  }

  private static Map<String, String[]> read(Path file) throws IOException {
    Map<String, String[]> out = new LinkedHashMap<>();
    for (String line : Files.readAllLines(file)) {
      int tab = line.lastIndexOf('\t');
      out.put(line.substring(0, tab), line.substring(tab + 1).split(" "));
    }
    return out;
  }

  private static TargetSpec mainSpec(String[] example) {
    return TargetSpec.main(example[0], List.of(Arrays.copyOfRange(example, 1, example.length)));
  }

  private static void put(Map<String, Target> targets, String key, Target target) {
    if (targets.putIfAbsent(key, target) != null) {
      throw new IllegalArgumentException("two targets are named " + key);
    }
  }

  /** {@code name} itself, or, if it names a package under {@code dir}, its top-level classes. */
  private static List<String> classes(Path dir, String name) throws IOException {
    Path pkg = dir.resolve(name.replace('.', '/'));
    if (!Files.isDirectory(pkg)) {
      return List.of(name);
    }
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(pkg)) {
      files
          .map(p -> dir.relativize(p).toString().replace('\\', '/'))
          .filter(f -> f.endsWith(".class") && !f.contains("$"))
          .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
          .sorted()
          .forEach(out::add);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no classes in package " + name + " under " + dir);
    }
    return out;
  }

  private static boolean hasMain(Path dir, String className) throws Exception {
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Method main =
          Class.forName(className, false, loader).getDeclaredMethod("main", String[].class);
      int mod = main.getModifiers();
      return Modifier.isPublic(mod) && Modifier.isStatic(mod);
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static List<String> staticNoArgMethods(Path dir, String className) throws Exception {
    List<String> out = new ArrayList<>();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Class<?> c = Class.forName(className, false, loader);
      for (Method m : c.getDeclaredMethods()) {
        int mod = m.getModifiers();
        if (Modifier.isPublic(mod) && Modifier.isStatic(mod) && m.getParameterCount() == 0) {
          out.add(m.getName());
        }
      }
    }
    out.sort(null);
    return out;
  }
}
