package dev.weft.runtime.jdk.inside;

import java.util.List;

/**
 * Which JDK classes get their monitors rewritten, and which their parks and forks ({@link
 * JdkCallRewriter}). Left as they are: the classes the JVM itself runs on its own threads and
 * shares with every thread ({@code java.lang} itself, references and their queues, class loading,
 * method handles, reflection, the JDK's internals), whose waits a JVM thread ends and whose locks
 * Weft's own code takes while it serves a point. The monitors of {@code java.util.concurrent} stay
 * too (Weft models its classes from outside, each call one atomic access), but its parks are
 * rewritten: where JDK code waits inside it (a parallel stream's join of its tasks), the wait is
 * the model's. {@code LockSupport} itself is the park, not a caller of it.
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

  /** Whether the class's parks go to the bridge ({@link JdkCallRewriter}). */
  static boolean rewritesCalls(String internalName) {
    if (internalName.startsWith("sun/nio/ch/Poller")) {
      // a virtual thread's wait for a socket to be ready: the kernel ends it, through the
      // poller's thread, and Weft lets a run's thread get there only when the wait is short
      return false;
    }
    if (internalName.startsWith("java/util/concurrent/")) {
      return !internalName.equals("java/util/concurrent/locks/LockSupport");
    }
    return rewritesMonitors(internalName);
  }

  /**
   * Whether the class's monitors go to the bridge ({@link JdkMonitorRewriter}), and its forks of
   * fork/join tasks.
   */
  static boolean rewritesMonitors(String internalName) {
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
