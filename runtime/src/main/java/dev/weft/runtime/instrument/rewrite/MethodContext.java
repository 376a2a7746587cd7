package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.CallEscapes;
import dev.weft.runtime.instrument.calls.MethodRefBridges;
import dev.weft.runtime.instrument.calls.TypeHierarchy;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * What the rewriters of one method share: the method's identity, the tables they register sites and
 * fields in, the current source line, and the writer their replacements go to. Sites are numbered
 * in instruction order within the method, whichever rewriter registers them, so their stable keys
 * do not depend on how the rewriting is split.
 */
final class MethodContext {
  final String className;
  final String methodName;
  final String methodDesc;
  final String sourceFile;
  final boolean isStatic;
  final boolean isSynchronized;
  final boolean isConstructor;
  final boolean isClassInit;
  final TypeHierarchy types;
  final SiteTable sites;
  final FieldTable fields;

  /** The class file's major version: what the rewriting may emit depends on it. */
  final int classVersion;

  /** Class files before Java 7 cannot hold {@code invokedynamic}; their JDK calls stay plain. */
  final boolean invokeDynamic;

  /** Class files before Java 5 cannot load a class constant ({@code ldc C.class}). */
  final boolean classConstants;

  /** Where method references to rewritten JDK methods get their bridges (null: leave them). */
  final MethodRefBridges bridges;

  /** The class writer's visitor: replacements are written here, past the rest of the chain. */
  MethodVisitor out;

  int line;
  private int ordinal;
  private int observedOrdinal;

  /** Where the ordinals of observed calls start: past any method's count of scheduling points. */
  private static final int OBSERVED_ORDINALS = 1 << 24;

  /** The first local slot the method does not use: scratch space for the rewriting. */
  final int firstFreeLocal;

  /**
   * Whether a reference the method returns escapes: the JDK may call it back (a lambda body, an
   * implementation of a JDK interface's method) and keep what it returns.
   */
  final boolean returnEscapes;

  /** In a constructor, whether {@code this} is initialised (the super constructor has run). */
  boolean superConstructorCalled;

  /**
   * In a constructor, the synthetic fields of {@code this} (an outer instance, a captured variable)
   * stored before the super constructor ran, as {name, descriptor}: where they went is told once
   * {@code this} is initialised and can be named.
   */
  final java.util.List<String[]> storedBeforeSuper = new java.util.ArrayList<>();

  MethodContext(
      String className,
      String methodName,
      String methodDesc,
      int access,
      String sourceFile,
      TypeHierarchy types,
      SiteTable sites,
      FieldTable fields,
      int classVersion,
      MethodRefBridges bridges,
      int firstFreeLocal) {
    this.className = className;
    this.firstFreeLocal = firstFreeLocal;
    this.methodName = methodName;
    this.methodDesc = methodDesc;
    this.sourceFile = sourceFile;
    this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
    this.isSynchronized = (access & Opcodes.ACC_SYNCHRONIZED) != 0;
    this.isConstructor = methodName.equals("<init>");
    this.isClassInit = methodName.equals("<clinit>");
    this.types = types;
    this.sites = sites;
    this.fields = fields;
    this.classVersion = classVersion & 0xFFFF;
    this.invokeDynamic = this.classVersion >= Opcodes.V1_7;
    this.classConstants = this.classVersion >= Opcodes.V1_5;
    this.bridges = bridges;
    this.returnEscapes =
        bridges != null
            && !isConstructor
            && !isClassInit
            && CallEscapes.escapable(Type.getReturnType(methodDesc), types)
            && (methodName.startsWith("lambda$")
                || (!isStatic && types.jdkMayCall(className, methodName, methodDesc)));
  }

  /**
   * Registers the next site of a call the race oracle observes without a scheduling point. Its
   * ordinals are counted apart from {@link #site}'s, so the stable keys of the scheduling points,
   * which coverage and replay files use, are the same with or without such calls.
   */
  int observedSite(String operation) {
    return sites.register(
        className.replace('/', '.'),
        methodName,
        methodDesc,
        OBSERVED_ORDINALS + observedOrdinal++,
        sourceFile,
        line,
        operation);
  }

  /** Registers the next site of this method. */
  int site(String operation) {
    return sites.register(
        className.replace('/', '.'),
        methodName,
        methodDesc,
        ordinal++,
        sourceFile,
        line,
        operation);
  }
}
