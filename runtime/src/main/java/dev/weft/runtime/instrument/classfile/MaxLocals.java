package dev.weft.runtime.instrument.classfile;

import java.util.HashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The number of local variable slots each method of a class file uses, read before rewriting: slots
 * from there on are free for the rewriting to hold a call's arguments while it looks at them.
 */
public final class MaxLocals {
  private MaxLocals() {}

  /** By method name plus descriptor. */
  public static Map<String, Integer> of(byte[] classFile) {
    Map<String, Integer> result = new HashMap<>();
    new ClassReader(classFile)
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String descriptor, String signature, String[] ex) {
                String key = name + descriptor;
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitMaxs(int maxStack, int maxLocals) {
                    result.put(key, maxLocals);
                  }
                };
              }
            },
            ClassReader.SKIP_FRAMES | ClassReader.SKIP_DEBUG);
    return result;
  }
}
