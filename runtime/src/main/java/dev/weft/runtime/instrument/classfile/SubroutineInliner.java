package dev.weft.runtime.instrument.classfile;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.JSRInlinerAdapter;

/**
 * Compilers for Java 1.4 and 5 put {@code finally} blocks in JSR/RET subroutines, which frame
 * computation cannot follow, so classes of many old libraries could not be instrumented and ran
 * outside Weft's control. Before rewriting, this pass inlines the subroutines of class files old
 * enough to hold them (version 50 and earlier); the class keeps its version and its behaviour.
 */
public final class SubroutineInliner {
  private static final int LAST_VERSION_WITH_SUBROUTINES = Opcodes.V1_6;

  private SubroutineInliner() {}

  /** The class's major version, read from its header. */
  static int majorVersion(byte[] classFile) {
    return ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
  }

  /** The same class with its subroutines inlined, or the bytes themselves if it has none. */
  public static byte[] inline(byte[] classFile) {
    if (majorVersion(classFile) > LAST_VERSION_WITH_SUBROUTINES) {
      return classFile;
    }
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(0);
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String signature, String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, desc, signature, exceptions);
            return new JSRInlinerAdapter(next, access, name, desc, signature, exceptions);
          }
        },
        0);
    return writer.toByteArray();
  }
}
