package dev.weft.targets.statics;

/** Static initialisers with loops, handlers, finals and a failure, for rewrites that wrap them. */
public final class WrappedInitialisers {
  private WrappedInitialisers() {}

  /** A loop, a handler and a static final assigned in branches: the body has stack map frames. */
  public static final class Branches {
    public static final int VALUE;
    public static final String TEXT;

    static {
      int v = 0;
      for (int i = 0; i < 4; i++) {
        v += i;
      }
      String t;
      try {
        t = Integer.toString(Integer.parseInt("x" + v));
      } catch (NumberFormatException e) {
        t = "caught " + v;
      }
      if (v > 5) {
        VALUE = v;
      } else {
        VALUE = -1;
      }
      TEXT = t;
    }

    private Branches() {}
  }

  /** An initialiser that throws. */
  public static final class Failing {
    public static final int VALUE;

    static {
      if (Boolean.parseBoolean("true")) {
        throw new IllegalStateException("initialiser failed");
      }
      VALUE = 1;
    }

    private Failing() {}
  }
}
