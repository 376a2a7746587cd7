package dev.weft.runtime.instrument.calls;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Method references to JDK methods that Weft rewrites ({@code lock::lock}, {@code
 * latch::countDown}, {@code Thread::start}, {@code map::put}) are linked by {@code
 * LambdaMetafactory} straight to the JDK method, so the call never passes through the class's
 * bytecode and would escape every hook. Each such reference is pointed instead at a private static
 * bridge in the same class whose body is the plain call, which the instrumentation then rewrites
 * like any other call. The bridge lives in the referring class, so caller-sensitive methods see the
 * same caller.
 */
public final class MethodRefBridges {
  /** One bridge: its name and descriptor, the JDK method it calls, where it was referenced. */
  public record Bridge(
      String name, String descriptor, Handle target, String enclosingMethod, int line) {}

  private static final int FLAG_SERIALIZABLE = 1;

  private final String className;
  private final boolean isInterface;
  private final Map<Handle, Bridge> bridges = new LinkedHashMap<>();

  public MethodRefBridges(String className, boolean isInterface) {
    this.className = className;
    this.isInterface = isInterface;
  }

  /**
   * The implementation method of a {@code LambdaMetafactory} call site, if it is a method reference
   * to a method outside this class; null for lambdas (their bodies are already in this class) and
   * for serializable references (deserialisation checks the implementation method's name).
   */
  public Handle jdkReference(Handle bootstrap, Object[] bootstrapArgs) {
    if (!bootstrap.getOwner().equals("java/lang/invoke/LambdaMetafactory")
        || bootstrapArgs.length < 3
        || !(bootstrapArgs[1] instanceof Handle)) {
      return null;
    }
    if (bootstrap.getName().equals("altMetafactory")
        && bootstrapArgs.length > 3
        && bootstrapArgs[3] instanceof Integer flags
        && (flags & FLAG_SERIALIZABLE) != 0) {
      return null;
    }
    Handle impl = (Handle) bootstrapArgs[1];
    if (impl.getOwner().equals(className) || !CallHooks.isJdkClass(impl.getOwner())) {
      return null;
    }
    switch (impl.getTag()) {
      case Opcodes.H_INVOKEVIRTUAL:
      case Opcodes.H_INVOKEINTERFACE:
      case Opcodes.H_INVOKESTATIC:
      case Opcodes.H_NEWINVOKESPECIAL:
        return impl;
      default:
        return null;
    }
  }

  /** The bridge's handle, standing in for {@code target}. */
  public Handle bridgeFor(Handle target, String enclosingMethod, int line) {
    Bridge b =
        bridges.computeIfAbsent(
            target,
            t ->
                new Bridge(
                    "weft$ref$" + bridges.size(), descriptorOf(t), t, enclosingMethod, line));
    return new Handle(Opcodes.H_INVOKESTATIC, className, b.name(), b.descriptor(), isInterface);
  }

  public List<Bridge> all() {
    return new ArrayList<>(bridges.values());
  }

  /** The opcode of the call a bridge makes (constructors: {@code INVOKESPECIAL} after a NEW). */
  public static int opcodeOf(Handle target) {
    switch (target.getTag()) {
      case Opcodes.H_INVOKEVIRTUAL:
        return Opcodes.INVOKEVIRTUAL;
      case Opcodes.H_INVOKEINTERFACE:
        return Opcodes.INVOKEINTERFACE;
      case Opcodes.H_INVOKESTATIC:
        return Opcodes.INVOKESTATIC;
      default:
        return Opcodes.INVOKESPECIAL;
    }
  }

  /** Receiver first for instance methods; constructors return the new object. */
  static String descriptorOf(Handle target) {
    String desc = target.getDesc();
    switch (target.getTag()) {
      case Opcodes.H_INVOKESTATIC:
        return desc;
      case Opcodes.H_NEWINVOKESPECIAL:
        return desc.substring(0, desc.indexOf(')') + 1) + "L" + target.getOwner() + ";";
      default:
        return "(L" + target.getOwner() + ";" + desc.substring(1);
    }
  }

  /** Writes the bridge's body, the plain call, through {@code mv}. */
  public static void writeBody(net.bytebuddy.jar.asm.MethodVisitor mv, Bridge b) {
    Handle t = b.target();
    mv.visitCode();
    net.bytebuddy.jar.asm.Label start = new net.bytebuddy.jar.asm.Label();
    mv.visitLabel(start);
    if (b.line() > 0) {
      mv.visitLineNumber(b.line(), start);
    }
    if (t.getTag() == Opcodes.H_NEWINVOKESPECIAL) {
      mv.visitTypeInsn(Opcodes.NEW, t.getOwner());
      mv.visitInsn(Opcodes.DUP);
    }
    int slot = 0;
    for (Type arg : Type.getArgumentTypes(b.descriptor())) {
      mv.visitVarInsn(arg.getOpcode(Opcodes.ILOAD), slot);
      slot += arg.getSize();
    }
    String name = t.getTag() == Opcodes.H_NEWINVOKESPECIAL ? "<init>" : t.getName();
    mv.visitMethodInsn(opcodeOf(t), t.getOwner(), name, t.getDesc(), t.isInterface());
    mv.visitInsn(Type.getReturnType(b.descriptor()).getOpcode(Opcodes.IRETURN));
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }
}
