package dev.weft.runtime.jdk.inside;

import java.util.List;

/**
 * Which JDK classes get their monitors rewritten. Left as they are: the classes the JVM itself runs
 * on its own threads and shares with every thread ({@code java.lang} itself, references and their
 * queues, class loading, method handles, reflection, the JDK's internals), whose waits a JVM thread
 * ends and whose locks Weft's own code takes while it serves a point; and {@code
 * java.util.concurrent}, whose classes Weft models from outside, each call one atomic access.
 */
final class RewrittenJdkClasses {
  private static final List<String> LEFT_AS_THEY_ARE =
      List.of(
          "java/lang/invoke/",
          "java/lang/ref/",
          "java/lang/reflect/",
          "java/lang/module/",
          "java/lang/constant/",
          "java/lang/runtime/",
          "java/util/concurrent/",
          "jdk/internal/",
          "sun/launcher/",
          "sun/reflect/",
          "sun/invoke/",
          "sun/nio/fs/",
          "sun/util/locale/");

  private RewrittenJdkClasses() {}

  static boolean rewrites(String internalName) {
    if (internalName.equals("module-info")) {
      return false;
    }
    if (internalName.startsWith("java/lang/") && internalName.indexOf('/', 10) < 0) {
      return false; // java.lang itself: Object, Thread, ClassLoader, the boxes, StringBuffer
    }
    for (String prefix : LEFT_AS_THEY_ARE) {
      if (internalName.startsWith(prefix)) {
        return false;
      }
    }
    return true;
  }
}
