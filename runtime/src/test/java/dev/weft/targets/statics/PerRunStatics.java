package dev.weft.targets.statics;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * Static state as every run must see it however many runs came before: initialisers run once per
 * run, lazily, superclass first; statics start at their defaults; an initialiser that throws fails
 * its class for the rest of the run; enum constants stay the JDK's own. Each method changes the
 * state it checked, so a run that saw the state an earlier run left fails.
 */
public final class PerRunStatics {
  private PerRunStatics() {}

  /** Records initialisations, in order; reset per run like any class. */
  static final class Log {
    static final List<String> order = new ArrayList<>();
  }

  static class Parent {
    static int parentValue = 7;

    static {
      Log.order.add("Parent");
    }
  }

  static final class Child extends Parent {
    static int initialisations;
    static final List<String> seen = new ArrayList<>();
    static String last;
    static final int[] table = {1, 2, 3};

    static {
      initialisations++;
      Log.order.add("Child");
    }

    static int value() {
      return table[0];
    }
  }

  static final class Lazy {
    static {
      Log.order.add("Lazy");
    }

    static void touch() {}
  }

  static final class Broken {
    static final int VALUE = fail();

    private static int fail() {
      throw new IllegalStateException("initialiser failed on purpose");
    }
  }

  static final class Plugin {
    static {
      Log.order.add("Plugin");
    }
  }

  static final class PluginWithLoader {
    static {
      Log.order.add("PluginWithLoader");
    }
  }

  static final class NotInitialised {
    static {
      Log.order.add("NotInitialised");
    }
  }

  static final class Holder {
    static final String VALUE = String.valueOf("set");
  }

  static final class Settings {
    static boolean verbose;
    static int level;
    static long limit;
    static String name;
  }

  static final class Handled {
    static boolean flag;
  }

  static class Base {
    static final String SEEN = Derived.peek();
  }

  static final class Derived extends Base {
    static String last;

    static {
      last = "initialised";
      Log.order.add("Derived");
    }

    static String peek() {
      return last;
    }
  }

  static class Plain {
    static int level;
  }

  static final class PlainSub extends Plain {
    static {
      Log.order.add("PlainSub");
    }
  }

  enum Colour {
    RED,
    GREEN
  }

  /**
   * The system property under which each run adds this class to a list, for the test to see which
   * class objects the runs had (identity hash codes are Weft's own, the same in every run).
   */
  public static final String CLASSES = "dev.weft.targets.statics.classes";

  @SuppressWarnings("unchecked")
  public static void freshStatics() {
    Object list = System.getProperties().get(CLASSES);
    if (list == null) {
      list = new java.util.concurrent.CopyOnWriteArrayList<Object>();
      System.getProperties().put(CLASSES, list);
    }
    ((List<Object>) list).add(PerRunStatics.class);
    check(Child.initialisations == 0 || Log.order.contains("Child"), "initialised before use");
    check(Child.value() == 1, "table as initialised: " + Child.table[0]);
    check(Child.initialisations == 1, "initialisations this run: " + Child.initialisations);
    check(Child.seen.isEmpty(), "a list left from an earlier run: " + Child.seen);
    check(Child.last == null, "a static left from an earlier run: " + Child.last);
    check(Parent.parentValue == 7, "parent value left from an earlier run: " + Parent.parentValue);
    check(Log.order.equals(List.of("Parent", "Child")), "initialised in order " + Log.order);
    check(!Log.order.contains("Lazy"), "initialised before its first use");
    Lazy.touch();
    check(Log.order.contains("Lazy"), "not initialised at its first use");
    Child.seen.add("run");
    Child.last = "set";
    Child.table[0] = 99;
    Child.initialisations += 10;
    Parent.parentValue = -1;
  }

  /** Reflection initialises classes as the JVM would: a driver registers itself by forName. */
  public static void reflectiveInitialisation() throws Throwable {
    ClassLoader loader = PerRunStatics.class.getClassLoader();
    Class.forName(Plugin.class.getName());
    Class.forName(PluginWithLoader.class.getName(), true, loader);
    Class.forName(NotInitialised.class.getName(), false, loader);
    check(
        Log.order.contains("Plugin")
            && Log.order.contains("PluginWithLoader")
            && !Log.order.contains("NotInitialised"),
        "initialised by forName: " + Log.order);
    Object value = Holder.class.getDeclaredField("VALUE").get(null);
    check("set".equals(value), "a static read by reflection: " + value);
    // statics written by reflection before anything else of their class ran keep their values
    Settings.class.getDeclaredField("verbose").setBoolean(null, true);
    Settings.class.getDeclaredField("level").setInt(null, 3);
    Settings.class.getDeclaredField("limit").setLong(null, 1L << 40);
    Settings.class.getDeclaredField("name").set(null, "given");
    check(
        Settings.verbose
            && Settings.level == 3
            && Settings.limit == 1L << 40
            && "given".equals(Settings.name),
        "statics written by reflection: "
            + Settings.verbose
            + " "
            + Settings.level
            + " "
            + Settings.limit
            + " "
            + Settings.name);
    java.lang.invoke.MethodHandles.lookup()
        .findStaticSetter(Handled.class, "flag", boolean.class)
        .invoke(true);
    check(Handled.flag, "a static set through a method handle was lost");
    Log.order.add("leftover");
  }

  /**
   * A superclass's initialiser that reads its subclass's static (the subclass met first) sees it
   * unassigned, as prepared, in every run; a static of the superclass written through the
   * subclass's name initialises the superclass only.
   */
  public static void initialisationOrder() {
    check(Derived.peek().equals("initialised"), "Derived's own static: " + Derived.last);
    check(Base.SEEN == null, "the superclass saw a subclass static left from a run: " + Base.SEEN);
    PlainSub.level = 5; // Plain's field: PlainSub is not initialised by this
    check(!Log.order.contains("PlainSub"), "initialised through an inherited field: " + Log.order);
    check(Plain.level == 5, "level " + Plain.level);
  }

  public static void failedInitialiser() {
    try {
      int v = Broken.VALUE;
      check(false, "read " + v + " from a class whose initialiser throws");
    } catch (ExceptionInInitializerError e) {
      check(e.getCause() instanceof IllegalStateException, "cause " + e.getCause());
    }
    try {
      int v = Broken.VALUE;
      check(false, "read " + v + " from a class that failed to initialise");
    } catch (NoClassDefFoundError e) {
      check(e.getMessage().contains("Broken"), "message " + e.getMessage());
    }
  }

  /**
   * Reflection sees a class's methods as they were written: a library that walks them (a JSON
   * mapper, a mocking library) takes the same path on reused classes as on fresh ones.
   */
  public static void reflectionSeesTheMethodsAsWritten() {
    List<String> names = new ArrayList<>();
    for (java.lang.reflect.Method m : Child.class.getDeclaredMethods()) {
      names.add(m.getName());
    }
    check(names.equals(List.of("value")), "declared methods " + names);
    for (java.lang.reflect.Method m : Child.class.getMethods()) {
      check(!m.getName().startsWith("weft$"), "public methods include " + m);
    }
    try {
      Child.class.getDeclaredMethod("weft$clinit");
      check(false, "weft$clinit found by name");
    } catch (NoSuchMethodException expected) {
      // as on a class defined afresh
    }
  }

  /**
   * Reflection sees a static final as final, though the rewrite lets every run's initialiser assign
   * it again: a library that collects a class's constants by their modifiers finds the same ones,
   * and setting one is refused.
   */
  public static void reflectionSeesStaticFinalsAsWritten() throws ReflectiveOperationException {
    java.lang.reflect.Field seen = Child.class.getDeclaredField("seen");
    check(java.lang.reflect.Modifier.isFinal(seen.getModifiers()), "seen is not final");
    java.lang.reflect.Member member = seen;
    check(java.lang.reflect.Modifier.isFinal(member.getModifiers()), "seen as a member");
    java.lang.reflect.Field counter = Child.class.getDeclaredField("initialisations");
    check(!java.lang.reflect.Modifier.isFinal(counter.getModifiers()), "a plain static is final");
    seen.setAccessible(true);
    try {
      seen.set(null, new ArrayList<String>());
      check(false, "a static final was set by reflection");
    } catch (IllegalAccessException expected) {
      // as the JVM refuses
    }
    try {
      seen.setInt(null, 3);
      check(false, "an int was set into a list");
    } catch (IllegalArgumentException expected) {
      // the JDK's answer to the wrong type comes before its answer to the final
    } catch (IllegalAccessException wrong) {
      check(false, "refused for the final before the type: " + wrong);
    }
    java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.lookup();
    try {
      lookup.findStaticSetter(Child.class, "seen", List.class);
      check(false, "a setter handle to a static final");
    } catch (IllegalAccessException expected) {
      // as the JDK refuses
    }
    try {
      lookup.unreflectSetter(seen);
      check(false, "an unreflected setter of a static final");
    } catch (IllegalAccessException expected) {
      // as the JDK refuses
    }
  }

  public static void enumConstants() {
    check(Enum.valueOf(Colour.class, "RED") == Colour.RED, "valueOf gave another RED");
    EnumMap<Colour, Integer> m = new EnumMap<>(Colour.class);
    m.put(Colour.GREEN, 1);
    check(m.get(Colour.GREEN) == 1 && Colour.values().length == 2, "enum map " + m);
  }

  /** Two threads meet a class first at once: its initialiser still runs once in the run. */
  public static void initialisedOnceByTwoThreads() throws InterruptedException {
    IntSupplier read = () -> Child.initialisations;
    int[] seen = new int[2];
    joinAll(startAll(() -> seen[0] = read.getAsInt(), () -> seen[1] = read.getAsInt()));
    check(seen[0] == 1 && seen[1] == 1, "initialisations seen " + seen[0] + ", " + seen[1]);
    Child.initialisations = 42;
  }
}
