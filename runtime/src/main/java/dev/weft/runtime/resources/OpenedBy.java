package dev.weft.runtime.resources;

/**
 * Whether a resource is being opened by a class initialiser the JVM runs ({@code <clinit>}), rather
 * than by code a run runs afresh. With classes reused across runs, a target class's initialiser is
 * rewritten into an ordinary method that each run calls again, so its resources are the run's; the
 * initialisers left to the JVM (interfaces', enums', and any class's when every run has classes of
 * its own) run once per class, and what they open may serve later runs. The question costs a walk
 * of the stack, on a call that opens a file or starts a process anyway.
 */
final class OpenedBy {
  private static final StackWalker WALKER = StackWalker.getInstance();

  private OpenedBy() {}

  static boolean jvmClassInitialiser() {
    return WALKER.walk(frames -> frames.anyMatch(f -> f.getMethodName().equals("<clinit>")));
  }
}
