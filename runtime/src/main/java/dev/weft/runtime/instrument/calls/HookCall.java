package dev.weft.runtime.instrument.calls;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * One static method that instrumented code calls: owner (internal name), name and descriptor. Every
 * call the instrumentation emits is one of these, so {@link HookTable#all()} can list them and a
 * test can resolve each against the class it names.
 */
public record HookCall(String owner, String name, String descriptor) {
  public void emit(MethodVisitor mv) {
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, name, descriptor, false);
  }
}
