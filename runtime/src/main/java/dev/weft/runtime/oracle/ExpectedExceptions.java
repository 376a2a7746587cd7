package dev.weft.runtime.oracle;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The exceptions a user says the program throws on purpose ({@code --ignore-exception}): a test
 * that injects a fault on every run to reach its failure path would otherwise end every search at
 * execution 1 on that fault, and the bug that follows it (a deadlock, a lost update) would never be
 * looked for. A thread that dies of such an exception dies as on the JVM, and the rest of the run
 * is judged as usual.
 *
 * <p>A name matches the exception's class and every subclass of it, as a {@code catch} clause does:
 * who names {@code java.io.IOException} means the {@code FileNotFoundException} too. Names are
 * compared, not classes, since each run defines the program's classes afresh.
 */
public final class ExpectedExceptions {
  public static final ExpectedExceptions NONE = new ExpectedExceptions(List.of());

  private static final Pattern BINARY_NAME =
      Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)+");

  private final List<String> names;
  private final Set<String> lookup;

  private ExpectedExceptions(List<String> names) {
    this.names = List.copyOf(names);
    this.lookup = Set.copyOf(names);
  }

  /**
   * The expected exceptions of these fully qualified class names (nested classes with {@code $} or
   * {@code .}); throws {@link IllegalArgumentException} naming a name that cannot be one.
   */
  public static ExpectedExceptions of(List<String> names) {
    Set<String> unique = new LinkedHashSet<>();
    for (String raw : names) {
      String name = raw.strip();
      if (!BINARY_NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "--ignore-exception takes the fully qualified name of an exception class, e.g."
                + " java.io.IOException; got '"
                + raw
                + "'");
      }
      unique.add(name);
    }
    return unique.isEmpty() ? NONE : new ExpectedExceptions(List.copyOf(unique));
  }

  /** The names as given (without repeats), for campaign files and findings. */
  public List<String> names() {
    return names;
  }

  public boolean isEmpty() {
    return names.isEmpty();
  }

  /** Whether {@code e}'s class, or a class it extends, is one of the names. */
  public boolean matches(Throwable e) {
    if (lookup.isEmpty()) {
      return false;
    }
    for (Class<?> c = e.getClass(); c != null; c = c.getSuperclass()) {
      if (lookup.contains(c.getName())) {
        return true;
      }
      String canonical = c.getCanonicalName();
      if (canonical != null && lookup.contains(canonical)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ExpectedExceptions other && names.equals(other.names);
  }

  @Override
  public int hashCode() {
    return names.hashCode();
  }

  @Override
  public String toString() {
    return names.toString();
  }
}
