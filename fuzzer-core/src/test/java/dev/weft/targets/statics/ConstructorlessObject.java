package dev.weft.targets.statics;

import sun.reflect.ReflectionFactory;

/**
 * An object made without running its class's constructor (as serialization and mocking libraries
 * do): on classes rewritten to be initialised once per run nothing initialises the class then, so
 * its own instance method finds its static list unset and the run fails there and only there. A
 * difference the rewrite makes, which the replay on plain classes must refute.
 */
public final class ConstructorlessObject {
  private ConstructorlessObject() {}

  static final class Registry {
    static final java.util.List<String> NAMES = new java.util.ArrayList<>();

    void add(String name) {
      NAMES.add(name);
    }
  }

  public static void madeWithoutAConstructor() throws Exception {
    Registry r =
        (Registry)
            ReflectionFactory.getReflectionFactory()
                .newConstructorForSerialization(
                    Registry.class, Object.class.getDeclaredConstructor())
                .newInstance();
    r.add("made");
    if (Registry.NAMES.size() != 1) {
      throw new IllegalStateException("registered " + Registry.NAMES);
    }
  }
}
