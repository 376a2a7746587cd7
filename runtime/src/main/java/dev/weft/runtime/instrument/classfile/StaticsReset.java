package dev.weft.runtime.instrument.classfile;

import dev.weft.runtime.instrument.calls.TypeHierarchy;
import dev.weft.runtime.statics.ClassInits;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.FieldVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Rewrites a target class so that one definition of it serves every run ({@link ClassInits}): its
 * static initialiser becomes an ordinary static method that {@link ClassInits} calls the first time
 * each run uses the class, after a generated one that sets its statics back to their defaults; its
 * static fields lose {@code final} (the initialiser assigns them again in every run), and every
 * place the JVM would initialise a class calls {@link ClassInits#ensure} first: the entry of each
 * static method and constructor of the class (whoever calls them, code or reflection), and each
 * static field access of another target class. A class without a static initialiser gets an empty
 * one, which marks it as reset per run: its statics are cleared all the same.
 *
 * <p>Interfaces and enums keep the JVM's own, once-per-process initialisation: interface fields
 * must stay final, and the JDK keeps an enum's constants in its {@code Class} (so {@code
 * Enum.valueOf} and {@code EnumMap} would see the first run's constants). An enum with a mutable
 * field would carry state from one run to the next, so it makes reuse unsafe.
 */
public final class StaticsReset extends ClassVisitor {
  private static final String HOOK = "dev/weft/runtime/hooks/ClassInitHooks";
  private static final String FOR_NAME = "(Ljava/lang/String;)Ljava/lang/Class;";
  private static final String LOOKUP = "java/lang/invoke/MethodHandles$Lookup";

  private final Predicate<String> resettableOwner;
  private final Consumer<String> unsafe;
  private final BiConsumer<String, String> strippedFinal;
  private final TypeHierarchy types;
  private String className;
  private boolean resettable;
  private boolean isEnum;
  private boolean hasInitialiser;

  /** Whether the class file may hold class constants (version 49 on). */
  private boolean classConstants;

  /**
   * The static fields each run's initialiser sets back to their defaults first: name, descriptor.
   */
  private final List<String[]> statics = new ArrayList<>();

  /**
   * @param resettableOwner whether a class (internal name) is target code that may be reset: a
   *     static field access of it gets a guard
   * @param unsafe told why classes cannot be reused across runs, when this class shows it
   * @param strippedFinal told each static field that loses {@code final} (class internal name,
   *     field name), so that reflection can still report it final
   */
  public StaticsReset(
      ClassVisitor next,
      TypeHierarchy types,
      Predicate<String> resettableOwner,
      Consumer<String> unsafe,
      BiConsumer<String, String> strippedFinal) {
    super(Opcodes.ASM9, next);
    this.strippedFinal = strippedFinal;
    this.types = types;
    this.resettableOwner = resettableOwner;
    this.unsafe = unsafe;
  }

  @Override
  public void visit(
      int version,
      int access,
      String name,
      String signature,
      String superName,
      String[] interfaces) {
    className = name;
    isEnum = (access & Opcodes.ACC_ENUM) != 0;
    boolean keepsJvmInit =
        (access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_ENUM | Opcodes.ACC_MODULE)) != 0;
    classConstants = (version & 0xFFFF) >= Opcodes.V1_5;
    resettable = !keepsJvmInit && resettableOwner.test(name);
    super.visit(version, access, name, signature, superName, interfaces);
  }

  @Override
  public FieldVisitor visitField(
      int access, String name, String descriptor, String signature, Object value) {
    boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
    boolean isFinal = (access & Opcodes.ACC_FINAL) != 0;
    boolean synthetic = (access & Opcodes.ACC_SYNTHETIC) != 0;
    if (isEnum && !isFinal && !synthetic) {
      unsafe.accept(
          "enum "
              + className.replace('/', '.')
              + " has the mutable field "
              + name
              + ", which would keep its value from one run to the next");
    }
    int rewritten = access;
    if (resettable && isStatic) {
      if (!isFinal || value == null) {
        statics.add(new String[] {name, descriptor});
      }
      if (isFinal && value == null) {
        rewritten &= ~Opcodes.ACC_FINAL; // assigned again by every run's initialiser
        strippedFinal.accept(className, name);
      } else if (!isFinal && value != null) {
        unsafe.accept(
            className.replace('/', '.')
                + "."
                + name
                + " is a non-final static with a constant value, which a reset would lose");
      }
    }
    return super.visitField(rewritten, name, descriptor, signature, value);
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    if (resettable && name.equals("<clinit>")) {
      hasInitialiser = true;
      return new Guards(
          super.visitMethod(initialiserAccess(), ClassInits.INIT_METHOD, "()V", null, null), false);
    }
    MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
    if (next == null) {
      return null;
    }
    boolean initialises =
        resettable && ((access & Opcodes.ACC_STATIC) != 0 || name.equals("<init>"));
    return new Guards(next, initialises);
  }

  @Override
  public void visitEnd() {
    if (resettable) {
      if (!hasInitialiser) {
        MethodVisitor m =
            super.visitMethod(initialiserAccess(), ClassInits.INIT_METHOD, "()V", null, null);
        m.visitCode();
        m.visitInsn(Opcodes.RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
      }
      MethodVisitor r =
          super.visitMethod(initialiserAccess(), ClassInits.RESET_METHOD, "()V", null, null);
      r.visitCode();
      resetStatics(r);
      r.visitInsn(Opcodes.RETURN);
      r.visitMaxs(0, 0);
      r.visitEnd();
    }
    super.visitEnd();
  }

  private static int initialiserAccess() {
    return Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
  }

  /**
   * The body of {@value ClassInits#RESET_METHOD}: every static the initialiser may assign back to
   * its default, as the JVM's preparation does, in the class's own code (reflection on the class
   * would resolve every member's types, and a library's optional dependency may be missing).
   */
  private void resetStatics(MethodVisitor m) {
    for (String[] f : statics) {
      Type t = Type.getType(f[1]);
      switch (t.getSort()) {
        case Type.LONG -> m.visitInsn(Opcodes.LCONST_0);
        case Type.DOUBLE -> m.visitInsn(Opcodes.DCONST_0);
        case Type.FLOAT -> m.visitInsn(Opcodes.FCONST_0);
        case Type.OBJECT, Type.ARRAY -> m.visitInsn(Opcodes.ACONST_NULL);
        default -> m.visitInsn(Opcodes.ICONST_0);
      }
      m.visitFieldInsn(Opcodes.PUTSTATIC, className, f[0], f[1]);
    }
  }

  private void guard(MethodVisitor m, String owner) {
    if (classConstants) {
      m.visitLdcInsn(Type.getObjectType(owner));
    } else {
      // before version 49 a class constant is illegal: the class by name, from this class's loader
      m.visitLdcInsn(owner.replace('/', '.'));
      m.visitMethodInsn(
          Opcodes.INVOKESTATIC,
          "java/lang/Class",
          "forName",
          "(Ljava/lang/String;)Ljava/lang/Class;",
          false);
    }
    m.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, "ensure", "(Ljava/lang/Class;)V", false);
  }

  /** Initialises {@code declaring}, which this class may not name, found from {@code owner}. */
  private void guard(MethodVisitor m, String owner, String declaring) {
    if (classConstants) {
      m.visitLdcInsn(Type.getObjectType(owner));
    } else {
      m.visitLdcInsn(owner.replace('/', '.'));
      m.visitMethodInsn(
          Opcodes.INVOKESTATIC,
          "java/lang/Class",
          "forName",
          "(Ljava/lang/String;)Ljava/lang/Class;",
          false);
    }
    m.visitLdcInsn(declaring);
    m.visitMethodInsn(
        Opcodes.INVOKESTATIC, HOOK, "ensure", "(Ljava/lang/Class;Ljava/lang/String;)V", false);
  }

  /** The initialisation points of one method. */
  private final class Guards extends MethodVisitor {
    private final boolean initialises;

    /**
     * @param initialises whether the method initialises its class first (static methods and
     *     constructors)
     */
    Guards(MethodVisitor next, boolean initialises) {
      super(Opcodes.ASM9, next);
      this.initialises = initialises;
    }

    @Override
    public void visitCode() {
      super.visitCode();
      if (initialises) {
        guard(mv, className);
      }
    }

    /**
     * {@code Class.forName} initialises the class it loads (a JDBC driver registers itself so; in a
     * class that can name itself as a constant, {@link ForNameInitialisation} sends it through its
     * hook in every copy, and only a class older than that still calls it here); a static field
     * read or written by reflection initialises its class first; a method or var handle to a static
     * field initialises its class when it is made (the JVM: when first used).
     */
    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String descriptor, boolean isInterface) {
      if (opcode == Opcodes.INVOKESTATIC
          && owner.equals("java/lang/Class")
          && name.equals("forName")
          && descriptor.equals(FOR_NAME)) {
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, "ensure", "(Ljava/lang/Class;)V", false);
        return;
      }
      if (opcode == Opcodes.INVOKEVIRTUAL
          && owner.equals(LOOKUP)
          && (name.equals("findStaticGetter")
              || name.equals("findStaticSetter")
              || name.equals("findStaticVarHandle")
              || name.equals("unreflectGetter")
              || name.equals("unreflectSetter")
              || name.equals("ensureInitialized"))) {
        // the same call, made by the hook with the same lookup (its access is the caller's)
        super.visitMethodInsn(
            Opcodes.INVOKESTATIC, HOOK, name, "(L" + LOOKUP + ";" + descriptor.substring(1), false);
        return;
      }
      if (name.equals("getModifiers")
          && descriptor.equals("()I")
          && ((opcode == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/reflect/Field"))
              || (opcode == Opcodes.INVOKEINTERFACE && owner.equals("java/lang/reflect/Member")))) {
        // a static final that lost its final for the rewrite is still reported final
        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOK, "modifiers", "(L" + owner + ";)I", false);
        return;
      }
      if (opcode == Opcodes.INVOKEVIRTUAL
          && owner.equals("java/lang/reflect/Field")
          && name.startsWith("get")
          && descriptor.startsWith("(Ljava/lang/Object;)")) {
        mv.visitInsn(Opcodes.SWAP); // field, receiver -> receiver, field
        reflectiveAccess("reflectiveAccess");
        mv.visitInsn(Opcodes.SWAP);
      }
      if (opcode == Opcodes.INVOKEVIRTUAL
          && owner.equals("java/lang/reflect/Field")
          && name.startsWith("set")
          && descriptor.startsWith("(Ljava/lang/Object;")
          && descriptor.endsWith(")V")
          && Type.getArgumentTypes(descriptor).length == 2) {
        // field, receiver, value: the field is brought up, initialised for, and put back
        if (Type.getArgumentTypes(descriptor)[1].getSize() == 1) {
          mv.visitInsn(Opcodes.DUP_X2); // value, field, receiver, value
          mv.visitInsn(Opcodes.POP); // value, field, receiver
          mv.visitInsn(Opcodes.SWAP); // value, receiver, field
          reflectiveWrite(descriptor);
          mv.visitInsn(Opcodes.DUP_X2); // field, value, receiver, field
          mv.visitInsn(Opcodes.POP); // field, value, receiver
          mv.visitInsn(Opcodes.SWAP); // field, receiver, value
        } else {
          mv.visitInsn(Opcodes.DUP2_X2); // value, field, receiver, value
          mv.visitInsn(Opcodes.POP2); // value, field, receiver
          mv.visitInsn(Opcodes.SWAP); // value, receiver, field
          reflectiveWrite(descriptor);
          mv.visitInsn(Opcodes.SWAP); // value, field, receiver
          mv.visitInsn(Opcodes.DUP2_X2); // field, receiver, value, field, receiver
          mv.visitInsn(Opcodes.POP2); // field, receiver, value
        }
      }
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    /** The field on top of the stack is about to be read by reflection. */
    /**
     * The field on top of the stack is about to be written by reflection with a value of the
     * setter's type (its descriptor's second argument), which the hook needs to refuse a static
     * final as the JDK does: a value the field's type takes is refused for the final, another for
     * its type.
     */
    private void reflectiveWrite(String setterDescriptor) {
      mv.visitIntInsn(
          Opcodes.BIPUSH, Type.getArgumentTypes(setterDescriptor)[1].getDescriptor().charAt(0));
      mv.visitMethodInsn(
          Opcodes.INVOKESTATIC,
          HOOK,
          "reflectiveWrite",
          "(Ljava/lang/reflect/Field;C)Ljava/lang/reflect/Field;",
          false);
    }

    private void reflectiveAccess(String hook) {
      mv.visitMethodInsn(
          Opcodes.INVOKESTATIC,
          HOOK,
          hook,
          "(Ljava/lang/reflect/Field;)Ljava/lang/reflect/Field;",
          false);
    }

    /** The JVM initialises a class at {@code new}, before the constructor's arguments. */
    @Override
    public void visitTypeInsn(int opcode, String type) {
      if (opcode == Opcodes.NEW && !type.equals(className) && resettableOwner.test(type)) {
        guard(mv, type);
      }
      super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
      if ((opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC)
          && !owner.equals(className)
          && resettableOwner.test(owner)) {
        // the JVM initialises the class that declares the field, not the one the code names
        String declaring = types.resolveField(owner, name).declaringClass();
        if (!declaring.equals(className)
            && resettableOwner.test(declaring)
            && !types.isInterface(declaring)) {
          if (declaring.equals(owner) || types.accessibleFrom(declaring, className)) {
            guard(mv, declaring);
          } else {
            // a package-private superclass of another package: found by name, from the owner
            guard(mv, owner, declaring);
          }
        }
      }
      super.visitFieldInsn(opcode, owner, name, descriptor);
    }
  }
}
