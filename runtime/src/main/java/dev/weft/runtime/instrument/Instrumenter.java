package dev.weft.runtime.instrument;

import dev.weft.runtime.instrument.calls.HookClasses;
import dev.weft.runtime.instrument.calls.TypeHierarchy;
import dev.weft.runtime.instrument.classfile.ClassInstrumenter;
import dev.weft.runtime.instrument.classfile.ForNameInitialisation;
import dev.weft.runtime.instrument.classfile.InitialiserOnlyRewrite;
import dev.weft.runtime.instrument.classfile.MaxLocals;
import dev.weft.runtime.instrument.classfile.StaticsReset;
import dev.weft.runtime.instrument.classfile.SubroutineInliner;
import dev.weft.runtime.logging.WeftLoggers;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.pool.TypePool;
import org.slf4j.Logger;

/**
 * Instruments each target class once per process and caches the bytes, so that no run pays for
 * instrumentation twice (whether runs share one definition of a class, its statics reset per run,
 * or define it afresh). Site ids are assigned during instrumentation, so caching also keeps them
 * fixed.
 */
public final class Instrumenter {
  private static final Logger LOG = WeftLoggers.get(Instrumenter.class);

  private final TargetClassPath classPath;
  private final TypeHierarchy types;
  private final SiteTable sites;
  private final FieldTable fields;
  private final ConcurrentHashMap<String, Optional<byte[]>> cache = new ConcurrentHashMap<>();

  /** How {@link #skippedClasses()} begins the reason of a class whose bytes the JVM rejected. */
  public static final String REJECTED = "rejected by the JVM after instrumentation: ";

  /**
   * With statics reset per run: the same classes instrumented without that rewrite, for the runs
   * that must behave exactly as on classes of their own (the fallback to a loader per run, and the
   * replay that confirms a finding made on shared classes).
   */
  private final ConcurrentHashMap<String, Optional<byte[]>> plainCache = new ConcurrentHashMap<>();

  private final AtomicInteger instrumentedClasses = new AtomicInteger();
  private final AtomicInteger definedAtRunTime = new AtomicInteger();
  private final RunTimeClassCache runTimeClasses = new RunTimeClassCache();
  private final AtomicInteger runTimeInstrumentations = new AtomicInteger();

  /** Classes whose instrumented bytes the JVM rejected: defined from their original bytes. */
  private final Set<String> rejected = ConcurrentHashMap.newKeySet();

  /** Classes that could not be instrumented and run uncontrolled, with the reason. */
  private final ConcurrentSkipListMap<String, String> skippedClasses =
      new ConcurrentSkipListMap<>();

  /**
   * Whether a new instrumenter rewrites target classes for reuse across runs unless told otherwise:
   * on, or off with {@code -Dweft.reuseClasses=off} (a class loader per run, as before; see {@link
   * StaticsReset} and docs/how-it-works.md for what the rewrite does not cover, and how a campaign
   * notices). Read at each construction, so a test can set it.
   */
  public static boolean reuseClassesByDefault() {
    return !"off".equals(System.getProperty("weft.reuseClasses"));
  }

  private final boolean resettableStatics;

  /**
   * Whether escapes through calls are marked for the run's local objects ({@link
   * dev.weft.runtime.local.LocalObjects}); runs that do not track them ({@code --local-objects
   * off}) are instrumented without that rewriting. Fixed once a class is instrumented.
   */
  private volatile boolean markCallEscapes = true;

  /** A last step over each class's instrumented bytes: identity but where tests inject faults. */
  private volatile ClassRewrite lastStep = (className, bytes) -> bytes;

  /** A transformation of one class's bytes that may fail, as the instrumentation may. */
  @FunctionalInterface
  public interface ClassRewrite {
    byte[] apply(String className, byte[] classFile);
  }

  /** Static finals the rewrite made assignable ({@code binary.ClassName.field}). */
  private final Set<String> strippedFinals = ConcurrentHashMap.newKeySet();

  /** Why the target's classes cannot be reused across runs, once a class showed it; else null. */
  private final AtomicReference<String> reuseUnsafe = new AtomicReference<>();

  /**
   * Initialises the classes instrumented code calls, before any run: on a program thread their
   * initialisation would be time the program seems to spend without reaching a scheduling point.
   */
  public static void initialiseHooks() {
    HookClasses.initialiseAll();
  }

  public Instrumenter(TargetClassPath classPath, SiteTable sites, FieldTable fields) {
    this(classPath, sites, fields, reuseClassesByDefault());
  }

  /**
   * @param resettableStatics whether target classes are rewritten so that one definition serves
   *     every run, their statics reset and their initialisers run again per run ({@link
   *     StaticsReset}); the executor then keeps one class loader while that stays safe
   */
  public Instrumenter(
      TargetClassPath classPath, SiteTable sites, FieldTable fields, boolean resettableStatics) {
    this.classPath = classPath;
    this.sites = sites;
    this.fields = fields;
    this.resettableStatics = resettableStatics;
    this.types = new TypeHierarchy(TypePool.Default.of(classPath.locator()), this::onTargetPath);
  }

  /**
   * Whether calls are rewritten to mark the escapes of thread-local objects: runs that do not track
   * them need not. Takes effect only before any class is instrumented.
   */
  public synchronized void markCallEscapes(boolean mark) {
    if (mark == markCallEscapes) {
      return;
    }
    if (cache.isEmpty() && plainCache.isEmpty()) {
      markCallEscapes = mark;
    } else if (mark) {
      throw new IllegalStateException(
          "classes were instrumented without the escape marks that tracking local objects needs");
    } // else the marks are there already, and harmless to runs that do not track local objects
  }

  /**
   * Adds a step after the rewriting of every class, for tests that need an instrumentation that
   * fails or produces bad bytecode. Set before any class is instrumented.
   */
  public void lastStep(ClassRewrite step) {
    lastStep = step;
  }

  /** Whether target classes are rewritten for reuse across runs. */
  public boolean resettableStatics() {
    return resettableStatics;
  }

  /**
   * Why the classes instrumented so far cannot serve more than one run (an enum with a mutable
   * field, say), or null while they can.
   */
  public String reuseUnsafe() {
    return reuseUnsafe.get();
  }

  /**
   * Whether the rewrite took {@code final} from static field {@code field} of {@code className}
   * (binary name) in the shared copy of the classes.
   */
  public boolean strippedFinal(String className, String field) {
    return strippedFinals.contains(className + "." + field);
  }

  public SiteTable sites() {
    return sites;
  }

  public FieldTable fields() {
    return fields;
  }

  public TargetClassPath classPath() {
    return classPath;
  }

  /** How many classes were instrumented so far (each once per process). */
  public int instrumentedClasses() {
    return instrumentedClasses.get();
  }

  /** The classes that could not be instrumented and why; they run outside Weft's control. */
  public Map<String, String> skippedClasses() {
    return Map.copyOf(skippedClasses);
  }

  /** Instrumented bytes of a target class, or empty if the class is not on the target path. */
  public Optional<byte[]> instrumented(String className) {
    return instrumented(className, false);
  }

  /**
   * Instrumented bytes of a target class; {@code plain}: without the rewrite that resets statics
   * per run (the same bytes as {@link #instrumented(String)} when there is none).
   */
  public Optional<byte[]> instrumented(String className, boolean plain) {
    boolean reset = resettableStatics && !plain;
    ConcurrentHashMap<String, Optional<byte[]>> copy =
        resettableStatics && plain ? plainCache : cache;
    Optional<byte[]> cached = copy.get(className);
    if (cached != null) {
      return cached;
    }
    synchronized (this) {
      return copy.computeIfAbsent(className, name -> instrumentNow(name, reset));
    }
  }

  /**
   * Instruments a class of the target path, with or without the statics rewrite; the copy runs use
   * by default is counted and a failure logged, the plain second copy only records a failure.
   */
  private Optional<byte[]> instrumentNow(String className, boolean reset) {
    byte[] original = classPath.bytes(className);
    if (original == null) {
      return Optional.empty();
    }
    boolean mainCopy = reset == resettableStatics;
    if (rejected.contains(className)) {
      return Optional.of(original);
    }
    try {
      byte[] result = lastStep.apply(className, transform(original, types, reset));
      if (mainCopy) {
        instrumentedClasses.incrementAndGet();
      }
      return Optional.of(result);
    } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
      if (mainCopy) {
        LOG.warn("could not instrument {}; it runs uncontrolled: {}", className, e.toString());
      }
      skippedClasses.put(className, "could not be instrumented: " + e);
      return Optional.of(initialiserOnly(className, original));
    }
  }

  /**
   * A class the full instrumentation could not rewrite still gets its static initialiser wrapped,
   * so that no controlled thread is switched out while it holds the class's initialisation lock;
   * the original bytes if even that fails.
   */
  private static byte[] initialiserOnly(String className, byte[] original) {
    try {
      return InitialiserOnlyRewrite.wrap(original);
    } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
      LOG.warn("could not wrap the static initialiser of {}: {}", className, e.toString());
      return original;
    }
  }

  /**
   * Gives up the instrumentation of a class the JVM rejected ({@code failure}: a {@link
   * VerifyError} or {@link ClassFormatError} when it was defined or linked): from now on loaders
   * define its original bytes, and it runs uncontrolled. Returns whether the class was instrumented
   * from the target path (else nothing changes: the fault is not Weft's).
   */
  public boolean giveUp(String className, Throwable failure) {
    return giveUp(className, failure.toString());
  }

  /** As {@link #giveUp(String, Throwable)}, with the rejection's text. */
  public boolean giveUp(String className, String failure) {
    byte[] original = classPath.bytes(className);
    if (original == null
        || !isTargetPathClass(className)
        || skippedClasses.containsKey(className)) {
      return false;
    }
    String reason = REJECTED + oneLine(failure);
    LOG.warn("{} {}; it runs uncontrolled from now on", className, reason);
    skippedClasses.put(className, reason);
    rejected.add(className);
    cache.put(className, Optional.of(original));
    if (resettableStatics) {
      plainCache.put(className, Optional.of(original));
    }
    return true;
  }

  private static String oneLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }

  private ModelClassLoader models;

  /** The loader of Weft's per-run models for this target, made on first use. */
  synchronized ModelClassLoader models() {
    if (models == null) {
      models = new ModelClassLoader(this);
    }
    return models;
  }

  /**
   * Resets the static state of the per-run models before a run (see {@link ModelClassLoader}); call
   * while no run is active.
   */
  public void resetModels() {
    ModelClassLoader m;
    synchronized (this) {
      m = models;
    }
    if (m != null) {
      m.resetForRun();
    }
  }

  /** Whether a class (internal name) is target code whose statics may be reset per run. */
  private boolean resettable(String internalName) {
    return !internalName.startsWith(TargetClassPath.PER_RUN_PACKAGE.replace('.', '/'))
        && classPath.resource(internalName + ".class") != null;
  }

  /** Whether a class (internal name) is read from the target class path or is a per-run model. */
  private boolean onTargetPath(String internalName) {
    return internalName.startsWith(TargetClassPath.PER_RUN_PACKAGE.replace('.', '/'))
        || classPath.resource(internalName + ".class") != null;
  }

  /**
   * Whether the class was defined from the target class path with its instrumentation: every way
   * its code can pass a reference on is seen.
   */
  boolean isInstrumentedPathClass(String className) {
    return isTargetPathClass(className) && !skippedClasses.containsKey(className);
  }

  /** Whether the class was loaded from the target class path (and instrumented then). */
  boolean isTargetPathClass(String className) {
    Optional<byte[]> cached = cache.get(className);
    if (cached == null) {
      cached = plainCache.get(className);
    }
    return cached != null && cached.isPresent();
  }

  /** How many classes the programs defined while they ran and Weft instrumented, over all runs. */
  public int definedAtRunTime() {
    return definedAtRunTime.get();
  }

  /**
   * How many times a class defined at run time was instrumented: once per distinct class (see
   * {@link RunTimeClassCache}), however many runs define it.
   */
  public int runTimeInstrumentations() {
    return runTimeInstrumentations.get();
  }

  /**
   * Instruments a class the program defined while it ran (see {@link DefinedClasses}); type
   * questions about it and its run-time siblings are answered from {@code siblings}. Returns null
   * (the class runs uncontrolled, and is listed as skipped) if it cannot be instrumented.
   */
  byte[] instrumentDefinedAtRunTime(String className, byte[] bytes, Map<String, byte[]> siblings) {
    RunTimeClassCache.Entry known = runTimeClasses.find(className, bytes, siblings);
    byte[] result = known != null ? known.result() : instrumentAndKeep(className, bytes, siblings);
    if (result != null) {
      definedAtRunTime.incrementAndGet();
    }
    return result;
  }

  /** Instruments a run-time class (null if it cannot be) and keeps the result for later runs. */
  private byte[] instrumentAndKeep(String className, byte[] bytes, Map<String, byte[]> siblings) {
    Map<String, byte[]> consulted = new HashMap<>();
    TypeHierarchy hierarchy =
        new TypeHierarchy(
            new TypePool.Default(
                new TypePool.CacheProvider.Simple(),
                new ClassFileLocator.Compound(
                    RunTimeClassCache.recording(siblings, consulted), classPath.locator()),
                TypePool.Default.ReaderMode.FAST),
            this::onTargetPath);
    byte[] result;
    runTimeInstrumentations.incrementAndGet();
    try {
      // such a program's classes are not reused
      result = lastStep.apply(className, transform(bytes, hierarchy, false));
    } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
      if (skippedClasses.put(className + " (defined at run time)", e.toString()) == null) {
        LOG.warn("could not instrument {}; it runs uncontrolled: {}", className, e.toString());
      }
      result = null;
    }
    runTimeClasses.put(className, new RunTimeClassCache.Entry(bytes.clone(), consulted, result));
    return result;
  }

  /**
   * Class files older than Java 7 are raised to version 51 when their frames can be computed
   * exactly: only then can their calls into JDK collections become the {@code invokedynamic} access
   * sites that every newer class gets (an old library's shared {@code Hashtable} or {@code
   * synchronizedMap} would otherwise have no scheduling point at all). Version 51 has no fallback
   * to the old inferring verifier, so a class whose frames needed a guess (a type missing from the
   * class path) keeps its own version.
   */
  private byte[] transform(byte[] original, TypeHierarchy types, boolean reset) {
    byte[] inlined = SubroutineInliner.inline(original);
    if (majorVersion(inlined) < Opcodes.V1_7) {
      boolean[] guessed = {false};
      byte[] raised = rewrite(inlined, types, Opcodes.V1_7, guessed, reset);
      if (!guessed[0]) {
        return raised;
      }
    }
    return rewrite(inlined, types, 0, null, reset);
  }

  private static int majorVersion(byte[] classFile) {
    return ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
  }

  private byte[] rewrite(
      byte[] classFile, TypeHierarchy types, int minVersion, boolean[] guessed, boolean reset) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer =
        new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
          @Override
          protected String getCommonSuperClass(String type1, String type2) {
            if (guessed != null && !(types.knows(type1) && types.knows(type2))) {
              guessed[0] = true;
            }
            return types.commonSuperClass(type1, type2);
          }
        };
    ClassVisitor out =
        reset
            ? new StaticsReset(
                writer,
                types,
                this::resettable,
                reason -> reuseUnsafe.compareAndSet(null, reason),
                (owner, field) -> strippedFinals.add(owner.replace('/', '.') + "." + field))
            : writer;
    out = new ForNameInitialisation(out);
    reader.accept(
        new ClassInstrumenter(
            out, types, sites, fields, minVersion, MaxLocals.of(classFile), markCallEscapes),
        ClassReader.SKIP_FRAMES);
    return writer.toByteArray();
  }
}
