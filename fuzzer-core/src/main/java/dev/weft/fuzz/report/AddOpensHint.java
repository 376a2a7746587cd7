package dev.weft.fuzz.report;

import dev.weft.runtime.oracle.Failure;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Real libraries reflect into the JDK (Mockito's cglib defines classes through {@code
 * ClassLoader.defineClass}, serialisers read private fields), which JDK 17 refuses with an {@code
 * InaccessibleObjectException} unless the package is opened. Under Weft that failure looks like any
 * other finding; this names the {@code --jvm-opt} that would allow it. The module and package come
 * from the exception's message, wherever it is in the cause chain (the failure's details hold the
 * whole chain); the target's classes are in an unnamed module, hence {@code ALL-UNNAMED}.
 */
public final class AddOpensHint {
  /**
   * "Unable to make field private ... accessible: module java.base does not "opens java.lang" to
   * unnamed module @1b2c3d" ({@code exports} when the member is public but its package is not
   * exported: opening it allows that too).
   */
  private static final Pattern REFUSED =
      Pattern.compile(
          "InaccessibleObjectException: Unable to make .*?module (\\S+) does not"
              + " \"(?:opens|exports) ([^\"\\s]+)\" to unnamed module");

  private AddOpensHint() {}

  /** The hint for a failure caused by a package the JDK does not open, or null. */
  public static String of(Failure failure) {
    String text = failure.message() + "\n" + (failure.details() == null ? "" : failure.details());
    Set<String> opens = new LinkedHashSet<>();
    Matcher m = REFUSED.matcher(text);
    while (m.find()) {
      opens.add("--jvm-opt --add-opens=" + m.group(1) + "/" + m.group(2) + "=ALL-UNNAMED");
    }
    if (opens.isEmpty()) {
      return null;
    }
    return "hint: the target reflects into a package the JDK does not open to it"
        + " (InaccessibleObjectException); run Weft with "
        + String.join(" ", opens)
        + " to allow it";
  }
}
