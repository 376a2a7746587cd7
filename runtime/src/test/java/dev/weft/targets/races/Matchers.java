package dev.weft.targets.races;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One {@code Matcher} shared by two threads (a race), and one per thread (none). */
public class Matchers {
  private static final Pattern WORD = Pattern.compile("[a-z]+");
  private static final ThreadLocal<Matcher> OWN = ThreadLocal.withInitial(() -> WORD.matcher(""));

  public static void shared() throws InterruptedException {
    Matcher m = WORD.matcher("");
    Thread a = new Thread(() -> m.reset("alpha").matches());
    Thread b = new Thread(() -> m.reset("beta").matches());
    a.start();
    b.start();
    a.join();
    b.join();
  }

  public static void perThread() throws InterruptedException {
    Thread a = new Thread(() -> OWN.get().reset("alpha").matches());
    Thread b = new Thread(() -> OWN.get().reset("beta").matches());
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
