package dev.weft.runtime.instrument;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which classes the JVM's verifier or class file parser named when it rejected bytes: the classes
 * to give up instrumenting when the bytes were Weft's. The JVM says which class in the error's
 * message only ("Location: pkg/C.m()V @12", "(class: pkg/C, method: ...)", "in class file pkg/C"),
 * and the error reaches Weft far from the definition: verification happens when a class is linked,
 * at its first use, in whichever thread of the program uses it.
 */
public final class RejectedClasses {
  private static final Pattern[] NAMING = {
    Pattern.compile("Location:\\s+([\\w/$]+)\\.[\\w$<>]+\\("),
    Pattern.compile("\\(class: ([\\w/$]+), method:"),
    Pattern.compile("in class file ([\\w/$.]+)"),
  };

  private static final Pattern REJECTION =
      Pattern.compile("java\\.lang\\.(VerifyError|ClassFormatError)\\b");

  private RejectedClasses() {}

  /** Whether {@code e} or one of its causes is the JVM rejecting a class's bytes. */
  public static Throwable rejection(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof VerifyError
          || (t instanceof ClassFormatError && !(t instanceof UnsupportedClassVersionError))) {
        return t;
      }
    }
    return null;
  }

  /**
   * The binary names of the classes named in a rejection's text (a message, or a stack trace with
   * its causes), or none if the text shows no rejection.
   */
  public static Set<String> named(String text) {
    Set<String> names = new LinkedHashSet<>();
    if (text == null || !REJECTION.matcher(text).find() && !looksLikeVerifierMessage(text)) {
      return names;
    }
    for (Pattern p : NAMING) {
      Matcher m = p.matcher(text);
      while (m.find()) {
        names.add(m.group(1).replace('/', '.'));
      }
    }
    return names;
  }

  /** A bare message of a rejection (the text of the error without its class name). */
  private static boolean looksLikeVerifierMessage(String text) {
    return text.contains("Exception Details:") || text.startsWith("(class: ");
  }
}
