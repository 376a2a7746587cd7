package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.local.LocalJdkClasses;
import java.util.Set;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Which references a call of target code lets go of. A call into instrumented target code keeps
 * them in view (its stores are instrumented too); a call into the JDK, or any code Weft does not
 * instrument, may store them anywhere, so each argument that could be a thread-local object
 * escapes: an array, an {@code Object}, an interface or a target class (a JDK class other than
 * {@code Object} cannot be the type of a tracked object, whose superclasses are all target code). A
 * few JDK classes and methods are known to keep nothing they are given (strings and string
 * builders, {@code Objects}, {@code Arrays} but for {@code asList}, {@code stream} and object
 * fills, the boxes, {@code Math}, printing), and a few hand back a fresh copy that nobody else has
 * ({@code clone}, {@code Arrays.copyOf}, {@code String.toCharArray}). The receiver of a call that
 * may be a local JDK object ({@link LocalJdkClasses}) is a question for run time, like one called
 * through a JDK interface, and a view the call returns is reported ({@link Plan#viewResult}).
 */
public final class CallEscapes {
  /**
   * What a call lets go of: per operand on the stack (the receiver first), and its result. {@code
   * receiverMethod} (name and descriptor), when set, makes the receiver's escape a question for run
   * time: a call through a JDK interface lets the receiver go only if the method that runs is not
   * the receiver's own instrumented code (a JDK default method might keep it).
   */
  public record Plan(
      boolean[] escaping,
      boolean copiesResult,
      boolean arraycopy,
      String receiverMethod,
      boolean viewResult) {
    boolean any() {
      for (boolean e : escaping) {
        if (e) {
          return true;
        }
      }
      return false;
    }
  }

  private static final boolean[] NO_OPERANDS = new boolean[0];
  static final Plan KEEPS_NOTHING = new Plan(NO_OPERANDS, false, false, null, false);
  static final Plan COPY = new Plan(NO_OPERANDS, true, false, null, false);
  static final Plan ARRAYCOPY = new Plan(NO_OPERANDS, false, true, null, false);

  /** JDK classes none of whose methods or constructors keep an argument. */
  private static final Set<String> KEEP_NOTHING =
      Set.of(
          "java/lang/String",
          "java/lang/StringBuilder",
          "java/lang/StringBuffer",
          "java/lang/AbstractStringBuilder",
          "java/lang/Math",
          "java/lang/StrictMath",
          "java/lang/Integer",
          "java/lang/Long",
          "java/lang/Short",
          "java/lang/Byte",
          "java/lang/Character",
          "java/lang/Boolean",
          "java/lang/Float",
          "java/lang/Double",
          "java/lang/Class",
          "java/util/Objects",
          "java/io/PrintStream");

  /** Methods of {@code String} that return an array made for the caller. */
  private static final Set<String> FRESH_STRING_ARRAYS = Set.of("toCharArray", "getBytes", "split");

  /**
   * Methods of {@code java.util.Arrays} that keep nothing (the rest: asList, stream, fill of
   * objects...).
   */
  private static final Set<String> ARRAYS_KEEP_NOTHING =
      Set.of(
          "equals",
          "deepEquals",
          "hashCode",
          "deepHashCode",
          "toString",
          "deepToString",
          "sort",
          "binarySearch",
          "mismatch",
          "compare");

  private CallEscapes() {}

  public static Plan plan(
      int opcode, String owner, String name, String descriptor, TypeHierarchy types) {
    if (owner.startsWith("[")) {
      return isClone(name, descriptor) ? COPY : KEEPS_NOTHING; // arrays have Object's methods only
    }
    boolean constructor = name.equals("<init>");
    String callee = owner;
    if (types.isTargetClass(owner)) {
      if (constructor) {
        return KEEPS_NOTHING;
      }
      if (types.isInterface(owner)) {
        if (!types.jdkMayCall(owner, name, descriptor)) {
          return KEEPS_NOTHING; // implemented by target classes
        }
      } else {
        String implementer = types.implementer(owner, name, descriptor);
        if (!implementer.isEmpty() && types.isTargetClass(implementer)) {
          return KEEPS_NOTHING;
        }
        if (!implementer.isEmpty()) {
          callee = implementer; // inherited from the JDK
        }
      }
    }
    if (callee.equals("java/lang/Object")) {
      return isClone(name, descriptor) ? COPY : KEEPS_NOTHING;
    }
    if (callee.equals("java/lang/String")
        && FRESH_STRING_ARRAYS.contains(name)
        && Type.getReturnType(descriptor).getSort() == Type.ARRAY) {
      return COPY;
    }
    if (KEEP_NOTHING.contains(callee)) {
      return opcode == Opcodes.INVOKEVIRTUAL && LocalJdkClasses.mayBeAdopted(callee)
          ? receiverOnly(name, descriptor)
          : KEEPS_NOTHING;
    }
    if (callee.equals("java/util/Arrays")) {
      if ((name.equals("copyOf") || name.equals("copyOfRange")) && returnsReference(descriptor)) {
        return COPY;
      }
      if (ARRAYS_KEEP_NOTHING.contains(name)) {
        return KEEPS_NOTHING;
      }
      if (name.equals("fill") && !descriptor.startsWith("([Ljava/lang/Object;")) {
        return KEEPS_NOTHING;
      }
    }
    if (callee.equals("java/lang/System")) {
      if (name.equals("arraycopy") && descriptor.equals(HookTable.ARRAYCOPY.descriptor())) {
        return ARRAYCOPY;
      }
      if (name.equals("identityHashCode")) {
        return KEEPS_NOTHING;
      }
    }
    Type[] arguments = Type.getArgumentTypes(descriptor);
    boolean receiver = opcode != Opcodes.INVOKESTATIC && !constructor;
    boolean[] escaping = new boolean[arguments.length + (receiver ? 1 : 0)];
    int i = 0;
    if (receiver) {
      escaping[i++] = escapable(Type.getObjectType(owner), types);
    }
    for (Type a : arguments) {
      escaping[i++] = escapable(a, types);
    }
    boolean decidedAtRunTime =
        receiver
            && callee.equals(owner)
            && escaping[0]
            && (opcode == Opcodes.INVOKEINTERFACE || LocalJdkClasses.mayBeAdopted(owner));
    return new Plan(
        escaping,
        false,
        false,
        decidedAtRunTime ? name + descriptor : null,
        decidedAtRunTime && mayReturnView(name, descriptor));
  }

  /**
   * Whether the call may return a view of its receiver: a method of that name ({@link
   * LocalJdkClasses#mayReturnView}) that returns a reference. The name alone is not enough: {@code
   * CharacterIterator.next()} returns a {@code char}, {@code ResultSet.next()} a {@code boolean}.
   */
  static boolean mayReturnView(String name, String descriptor) {
    return returnsReference(descriptor) && LocalJdkClasses.mayReturnView(name);
  }

  /** Whether the method's result is a reference (an object or an array), the hooks' operand. */
  static boolean returnsReference(String descriptor) {
    int sort = Type.getReturnType(descriptor).getSort();
    return sort == Type.OBJECT || sort == Type.ARRAY;
  }

  private static boolean isClone(String name, String descriptor) {
    return name.equals("clone") && returnsReference(descriptor);
  }

  /**
   * A call on a JDK class that keeps none of its arguments but whose receiver may be a local JDK
   * object (a string buffer): only the receiver's fate is a question, for run time.
   */
  private static Plan receiverOnly(String name, String descriptor) {
    boolean[] escaping = new boolean[Type.getArgumentTypes(descriptor).length + 1];
    escaping[0] = true;
    return new Plan(escaping, false, false, name + descriptor, mayReturnView(name, descriptor));
  }

  /** An {@code invokedynamic}: what it captures escapes, except into a string concatenation. */
  public static Plan dynamic(String bootstrapOwner, String descriptor, TypeHierarchy types) {
    if (bootstrapOwner.equals("java/lang/invoke/StringConcatFactory")) {
      return KEEPS_NOTHING;
    }
    Type[] arguments = Type.getArgumentTypes(descriptor);
    boolean[] escaping = new boolean[arguments.length];
    for (int i = 0; i < arguments.length; i++) {
      escaping[i] = escapable(arguments[i], types);
    }
    return new Plan(escaping, false, false, null, false);
  }

  /** Whether a value of this static type can be a tracked (thread-local) object. */
  public static boolean escapable(Type type, TypeHierarchy types) {
    switch (type.getSort()) {
      case Type.ARRAY:
        return true;
      case Type.OBJECT:
        String internal = type.getInternalName();
        return internal.equals("java/lang/Object")
            || types.isTargetClass(internal)
            || types.isInterface(internal)
            || LocalJdkClasses.mayBeAdopted(internal);
      default:
        return false;
    }
  }
}
