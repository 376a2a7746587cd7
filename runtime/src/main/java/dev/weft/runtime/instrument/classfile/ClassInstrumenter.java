package dev.weft.runtime.instrument.classfile;

import dev.weft.runtime.instrument.calls.MethodRefBridges;
import dev.weft.runtime.instrument.calls.ModelCalls;
import dev.weft.runtime.instrument.calls.TypeHierarchy;
import dev.weft.runtime.instrument.rewrite.MethodInstrumenter;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Class-level half of the rewriting: strips {@code ACC_SYNCHRONIZED} (the method body then takes
 * the model monitor itself), hands every method with code to the rewriting chain of {@link
 * MethodInstrumenter}, and adds the bridges of {@link MethodRefBridges}.
 */
public final class ClassInstrumenter extends ClassVisitor {
  private final TypeHierarchy types;
  private final SiteTable sites;
  private final FieldTable fields;
  private String className;
  private String sourceFile;
  private int version;
  private MethodRefBridges bridges;

  /** The class file version to raise older classes to, or 0 to keep each class's own. */
  private final int minVersion;

  /** Slots each method uses (name plus descriptor): the rewriting may use those after them. */
  private final Map<String, Integer> maxLocals;

  /** Whether escapes through calls are marked (for runs that track thread-local objects). */
  private final boolean markCallEscapes;

  public ClassInstrumenter(
      ClassVisitor next,
      TypeHierarchy types,
      SiteTable sites,
      FieldTable fields,
      int minVersion,
      Map<String, Integer> maxLocals,
      boolean markCallEscapes) {
    super(Opcodes.ASM9, next);
    this.markCallEscapes = markCallEscapes;
    this.maxLocals = maxLocals;
    this.types = types;
    this.sites = sites;
    this.fields = fields;
    this.minVersion = minVersion;
  }

  @Override
  public void visit(
      int version,
      int access,
      String name,
      String signature,
      String superName,
      String[] interfaces) {
    this.className = name;
    boolean raised = (version & 0xFFFF) < minVersion;
    this.version = raised ? minVersion : version;
    if (raised && (access & Opcodes.ACC_INTERFACE) != 0) {
      // old compilers left ACC_ABSTRACT off interfaces (package-info above all), which class files
      // from Java 6 on must have
      access |= Opcodes.ACC_ABSTRACT;
    }
    this.bridges = new MethodRefBridges(name, (access & Opcodes.ACC_INTERFACE) != 0);
    String parent =
        ModelCalls.substitutesIn(name) ? ModelCalls.substituteFor(superName) : superName;
    super.visit(this.version, access, name, signature, parent, interfaces);
  }

  @Override
  public void visitSource(String source, String debug) {
    this.sourceFile = source;
    super.visitSource(source, debug);
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    boolean hasCode = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
    int rewritten = hasCode ? access & ~Opcodes.ACC_SYNCHRONIZED : access;
    MethodVisitor next = super.visitMethod(rewritten, name, descriptor, signature, exceptions);
    if (!hasCode || next == null) {
      return next;
    }
    return MethodInstrumenter.chain(
        next,
        className,
        name,
        descriptor,
        access,
        sourceFile,
        types,
        sites,
        fields,
        version,
        bridges,
        maxLocals.getOrDefault(name + descriptor, 0),
        markCallEscapes);
  }

  /** Adds the bridges that method references were pointed at, instrumented like any method. */
  @Override
  public void visitEnd() {
    int access = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
    for (MethodRefBridges.Bridge b : bridges.all()) {
      MethodVisitor next = super.visitMethod(access, b.name(), b.descriptor(), null, null);
      MethodRefBridges.writeBody(
          MethodInstrumenter.chain(
              next,
              className,
              b.enclosingMethod(),
              b.name() + b.descriptor(),
              access,
              sourceFile,
              types,
              sites,
              fields,
              version,
              null,
              Type.getArgumentsAndReturnSizes(b.descriptor()) >> 2,
              markCallEscapes),
          b);
    }
    super.visitEnd();
  }
}
