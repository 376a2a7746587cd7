package dev.weft.targets.statics;

/**
 * Class initialisers that reach other classes while other threads use them. Two classes whose
 * initialisers each use the other deadlock on the JVM when two threads begin one each at the same
 * time; so does a class whose initialiser makes an instance of its own subclass while another
 * thread makes one too, and two classes whose initialisers each load the other by name with {@code
 * Class.forName(name, true, loader)}. An initialiser that uses a class whose own initialiser does
 * not come back is correct: it always ends.
 */
public final class InitialiserCycles {
  private InitialiserCycles() {}

  /** Uses {@link Second} in its initialiser. */
  static final class First {
    static final int VALUE;

    static {
      VALUE = Second.BASE + 1;
    }

    private First() {}
  }

  /** Uses {@link First} in its initialiser. */
  static final class Second {
    static final int BASE;
    static final int[] SEEN = new int[1];

    static {
      BASE = 10;
      SEEN[0] = First.VALUE;
    }

    private Second() {}
  }

  /** Initialises {@link SecondByName} by name, with its own loader, in its initialiser. */
  static final class FirstByName {
    static final int VALUE;

    static {
      try {
        Class.forName(InitialiserCycles.class.getName() + "$SecondByName");
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      VALUE = 1;
    }

    private FirstByName() {}
  }

  /** Initialises {@link FirstByName} by name, with a loader given, in its initialiser. */
  static final class SecondByName {
    static final int VALUE;

    static {
      try {
        Class.forName(
            InitialiserCycles.class.getName() + "$FirstByName",
            true,
            InitialiserCycles.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      VALUE = 2;
    }

    private SecondByName() {}
  }

  /** Makes an instance of its subclass in its initialiser. */
  static class Base {
    static final Base DEFAULT = new Derived();

    Base() {}
  }

  /** A subclass: making one initialises {@link Base} first. */
  static final class Derived extends Base {
    Derived() {}
  }

  /** Uses {@link Leaf} in its initialiser; {@link Leaf} uses nothing back. */
  static final class Root {
    static final int VALUE;

    static {
      VALUE = Leaf.VALUE * 2;
    }

    private Root() {}
  }

  /** A class whose initialiser uses no other class of the program. */
  static final class Leaf {
    static final int VALUE;

    static {
      int v = 0;
      for (int i = 0; i < 3; i++) {
        v += i;
      }
      VALUE = v;
    }

    private Leaf() {}
  }

  /** Two threads begin one initialiser each of two classes that use each other: may deadlock. */
  public static void crossedInitialisers() throws InterruptedException {
    Thread a = new Thread(() -> sink(First.VALUE), "first");
    Thread b = new Thread(() -> sink(Second.BASE), "second");
    a.start();
    b.start();
    a.join();
    b.join();
  }

  /**
   * Two threads begin one initialiser each of two classes that initialise each other by name
   * ({@code Class.forName} in both its forms): may deadlock.
   */
  public static void initialisersByName() throws InterruptedException {
    Thread a = new Thread(() -> sink(FirstByName.VALUE), "first");
    Thread b = new Thread(() -> sink(SecondByName.VALUE), "second");
    a.start();
    b.start();
    a.join();
    b.join();
  }

  /** One thread uses the base class, another makes its subclass: may deadlock. */
  public static void subclassInInitialiser() throws InterruptedException {
    Thread a = new Thread(() -> sink(Base.DEFAULT.hashCode()), "base");
    Thread b = new Thread(() -> sink(new Derived().hashCode()), "derived");
    a.start();
    b.start();
    a.join();
    b.join();
  }

  /** Two threads use two classes, one initialiser using the other's class: always ends. */
  public static void initialiserUsesAnother() throws InterruptedException {
    Thread a = new Thread(() -> check(Root.VALUE == 6), "root");
    Thread b = new Thread(() -> check(Leaf.VALUE == 3), "leaf");
    a.start();
    b.start();
    check(Root.VALUE == 6 && Leaf.VALUE == 3);
    a.join();
    b.join();
  }

  private static volatile int sunk;

  private static void sink(int value) {
    sunk = value;
  }

  private static void check(boolean ok) {
    if (!ok) {
      throw new AssertionError("a class was used before its initialiser finished");
    }
  }
}
