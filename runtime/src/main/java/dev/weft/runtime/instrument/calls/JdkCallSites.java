package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.races.NotThreadSafe;
import java.util.Set;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Which calls into the JDK become one recorded access each (through {@code
 * dev.weft.runtime.jdk.JdkCalls}): instance calls on {@code java.util.concurrent} classes (atomics,
 * concurrent collections, futures), on the collection types of {@code java.util}, and on {@code
 * StringBuffer}. Without them, two threads using a shared map would have no scheduling point
 * between a {@code containsKey} and a {@code put}. Calls on a target class that implements one of
 * these interfaces are not accesses: the call site checks the receiver at run time.
 */
public final class JdkCallSites {
  public static final Handle BOOTSTRAP =
      new Handle(
          Opcodes.H_INVOKESTATIC,
          HookClasses.JDK_CALLS,
          "bootstrap",
          "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
              + "Ljava/lang/invoke/MethodType;I)Ljava/lang/invoke/CallSite;",
          false);

  public static final Handle BOOTSTRAP_SUPER =
      new Handle(
          Opcodes.H_INVOKESTATIC,
          HookClasses.JDK_CALLS,
          "bootstrapSuper",
          BOOTSTRAP.getDesc(),
          false);

  static HookCall bootstrapCall() {
    return new HookCall(BOOTSTRAP.getOwner(), BOOTSTRAP.getName(), BOOTSTRAP.getDesc());
  }

  static HookCall bootstrapSuperCall() {
    return new HookCall(
        BOOTSTRAP_SUPER.getOwner(), BOOTSTRAP_SUPER.getName(), BOOTSTRAP_SUPER.getDesc());
  }

  /** Collection types of {@code java.util} (not {@code Iterator}: it is a view, not the data). */
  private static final Set<String> UTIL_TYPES =
      Set.of(
          "Collection",
          "List",
          "Set",
          "Map",
          "Queue",
          "Deque",
          "SortedSet",
          "SortedMap",
          "NavigableSet",
          "NavigableMap",
          "SequencedCollection",
          "SequencedMap",
          "SequencedSet",
          "AbstractCollection",
          "AbstractList",
          "AbstractSet",
          "AbstractMap",
          "AbstractQueue",
          "AbstractSequentialList",
          "ArrayList",
          "LinkedList",
          "HashMap",
          "LinkedHashMap",
          "TreeMap",
          "HashSet",
          "LinkedHashSet",
          "TreeSet",
          "Vector",
          "Stack",
          "Hashtable",
          "Properties",
          "ArrayDeque",
          "PriorityQueue",
          "IdentityHashMap",
          "WeakHashMap",
          "EnumMap",
          "BitSet");

  private JdkCallSites() {}

  /** Whether an instance call on {@code owner} is a JDK access Weft records. */
  public static boolean intercepts(int opcode, String owner, String name) {
    if (opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKEINTERFACE) {
      return false;
    }
    if (name.equals("getClass") || name.equals("hashCode") || name.equals("equals")) {
      return false;
    }
    if (owner.startsWith("java/util/concurrent/")) {
      return !owner.startsWith("java/util/concurrent/locks/")
          && !owner.equals("java/util/concurrent/TimeUnit")
          && !owner.equals("java/util/concurrent/ThreadLocalRandom")
          && !owner.endsWith("Exception");
    }
    if (owner.startsWith("java/util/") && owner.indexOf('/', 10) < 0) {
      return UTIL_TYPES.contains(owner.substring(10));
    }
    return owner.equals("java/lang/StringBuffer");
  }

  /**
   * Whether an instance call on {@code owner} is logged for the race oracle without a scheduling
   * point ({@code NotThreadSafe}'s observed classes: {@code Matcher}, the text formats...). Method
   * references to them are left alone.
   */
  public static boolean observes(int opcode, String owner, String name) {
    return (opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE)
        && !name.equals("getClass")
        && !name.equals("hashCode")
        && !name.equals("equals")
        && NotThreadSafe.isObservedOwner(owner);
  }

  /**
   * Whether a {@code super} call from a target subclass into a class the race oracle watches is
   * logged for it ({@code LinkedHashMap.get} from an LRU cache that overrides {@code get}).
   */
  public static boolean observesSuper(int opcode, String owner, String name) {
    return opcode == Opcodes.INVOKESPECIAL
        && !name.startsWith("<")
        && NotThreadSafe.isWatchedClass(owner.replace('/', '.'));
  }

  /** The {@code invokedynamic} descriptor: the receiver first, then the call's own arguments. */
  public static String indyDescriptor(String owner, String desc) {
    Type[] args = Type.getArgumentTypes(desc);
    StringBuilder b = new StringBuilder("(L").append(owner).append(';');
    for (Type a : args) {
      b.append(a.getDescriptor());
    }
    return b.append(')').append(Type.getReturnType(desc).getDescriptor()).toString();
  }
}
