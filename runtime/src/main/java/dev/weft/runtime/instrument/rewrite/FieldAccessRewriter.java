package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookTable;
import dev.weft.runtime.instrument.calls.TypeHierarchy;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A scheduling point before every read and write of a non-final field or static, named by the
 * field's declaring class (so accesses through subclasses share one location). Writes to a
 * constructor's own fields before its super constructor ran are left alone: {@code this} cannot be
 * passed anywhere yet. Every store of a reference also tells the run's local objects where it went:
 * into a static or into an object other threads may reach, it escapes (into a static of the class
 * being initialised, when its initialiser returns).
 */
final class FieldAccessRewriter extends Rewriter {
  FieldAccessRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
    TypeHierarchy.ResolvedField field = method.types.resolveField(owner, name);
    boolean uninitializedThis = method.isConstructor && !method.superConstructorCalled;
    boolean reference = descriptor.startsWith("L") || descriptor.startsWith("[");
    if (field.isFinal() || (opcode == Opcodes.PUTFIELD && uninitializedThis)) {
      if (reference && opcode == Opcodes.PUTFIELD && !uninitializedThis) {
        out().visitInsn(Opcodes.DUP2);
        emit(HookTable.STORED);
      } else if (reference && opcode == Opcodes.PUTFIELD && isOwnSyntheticField(owner, name)) {
        // the outer instance or a captured variable, stored before super(): told after it
        method.storedBeforeSuper.add(new String[] {name, descriptor});
      } else if (reference && opcode != Opcodes.GETFIELD && opcode != Opcodes.GETSTATIC) {
        // a static, or a field of an object whose constructor has not run (unknown to the run)
        escapeStored(opcode, field);
      }
      super.visitFieldInsn(opcode, owner, name, descriptor);
      return;
    }
    MethodVisitor out = out();
    int fieldId = method.fields.idOf(field.declaringClass().replace('/', '.'), name);
    if (field.known() && !field.isVolatile()) {
      method.fields.markPlain(fieldId);
    }
    String simple = field.declaringClass().substring(field.declaringClass().lastIndexOf('/') + 1);
    switch (opcode) {
      case Opcodes.GETSTATIC:
        pushInt(fieldId);
        pushSite("read " + simple + "." + name);
        emit(HookTable.GET_STATIC);
        break;
      case Opcodes.PUTSTATIC:
        pushInt(fieldId);
        pushSite("write " + simple + "." + name);
        emit(HookTable.PUT_STATIC);
        if (reference) {
          escapeStored(opcode, field);
        }
        break;
      case Opcodes.GETFIELD:
        out.visitInsn(Opcodes.DUP);
        pushInt(fieldId);
        pushSite("read " + simple + "." + name);
        emit(HookTable.GET_FIELD);
        break;
      case Opcodes.PUTFIELD:
        if (reference) {
          out.visitInsn(Opcodes.DUP2);
          pushInt(fieldId);
          pushSite("write " + simple + "." + name);
          emit(HookTable.PUT_FIELD_REFERENCE);
          break;
        }
        if (Type.getType(descriptor).getSize() == 2) {
          // obj, v1v2 -> v1v2, obj, v1v2 -> v1v2, obj -> obj, v1v2, obj
          out.visitInsn(Opcodes.DUP2_X1);
          out.visitInsn(Opcodes.POP2);
          out.visitInsn(Opcodes.DUP_X2);
        } else {
          // obj, v -> obj, v, obj, v -> obj, v, obj
          out.visitInsn(Opcodes.DUP2);
          out.visitInsn(Opcodes.POP);
        }
        pushInt(fieldId);
        pushSite("write " + simple + "." + name);
        emit(HookTable.PUT_FIELD);
        break;
      default:
        break;
    }
    out.visitFieldInsn(opcode, owner, name, descriptor);
  }

  /**
   * The reference on top of the stack is stored where other threads may read it. A static of the
   * class being initialised is the exception until its initialiser returns: any other thread that
   * reads it waits for the initialisation to finish, so the value escapes then.
   */
  private void escapeStored(int opcode, TypeHierarchy.ResolvedField field) {
    out().visitInsn(Opcodes.DUP);
    if (opcode == Opcodes.PUTSTATIC
        && method.isClassInit
        && field.declaringClass().equals(method.className)) {
      out().visitLdcInsn(method.className);
      emit(HookTable.STORED_DURING_INIT);
    } else {
      emit(HookTable.ESCAPE);
    }
  }

  /**
   * Whether a store before {@code super()} is javac's own into {@code this}: the outer instance
   * ({@code this$0}) or a captured variable ({@code val$x}) of the class being constructed.
   */
  private boolean isOwnSyntheticField(String owner, String name) {
    return owner.equals(method.className) && (name.startsWith("this$") || name.startsWith("val$"));
  }
}
