package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookCall;
import dev.weft.runtime.instrument.calls.HookTable;
import dev.weft.runtime.instrument.calls.ModelCalls;
import dev.weft.runtime.instrument.calls.ResourceCalls;
import dev.weft.runtime.instrument.calls.SyncCalls;
import dev.weft.runtime.local.LocalJdkClasses;
import java.util.ArrayDeque;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Names objects by allocation site: after each {@code new} (once its constructor has run) and each
 * new array, the object is reported with the site that made it. Where {@code Object}'s constructor
 * returns to a constructor, the object is reported as constructed (it may become thread-local), and
 * so is a new JDK collection, atomic or string buffer once its constructor has run. Also passes a
 * {@code CyclicBarrier}'s action to the barrier model around the barrier's constructor, hands a new
 * file or socket ({@link ResourceCalls#constructorOpens}) to the run that gives it back at its end,
 * and tells the field rewriter when a constructor's {@code this} is initialised.
 */
final class AllocationNaming extends Rewriter {
  /** Per pending {@code new}: its site, and whether a DUP kept a reference to report. */
  private final ArrayDeque<int[]> pendingNews = new ArrayDeque<>();

  private boolean newJustVisited;

  AllocationNaming(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  /** Called before every instruction, to learn whether a NEW is followed by DUP. */
  private void before(int opcode) {
    if (newJustVisited) {
      newJustVisited = false;
      if (opcode == Opcodes.DUP) {
        pendingNews.peek()[1] = 1;
      }
    }
  }

  private void recordAllocation(String what) {
    out().visitInsn(Opcodes.DUP);
    pushSite(what);
    emit(HookTable.ALLOCATED);
  }

  @Override
  public void visitInsn(int opcode) {
    before(opcode);
    super.visitInsn(opcode);
  }

  @Override
  public void visitIntInsn(int opcode, int operand) {
    before(opcode);
    super.visitIntInsn(opcode, operand);
    if (opcode == Opcodes.NEWARRAY) {
      recordAllocation("new array");
    }
  }

  @Override
  public void visitVarInsn(int opcode, int var) {
    before(opcode);
    super.visitVarInsn(opcode, var);
  }

  @Override
  public void visitJumpInsn(int opcode, Label label) {
    before(opcode);
    super.visitJumpInsn(opcode, label);
  }

  @Override
  public void visitLdcInsn(Object value) {
    before(Opcodes.LDC);
    super.visitLdcInsn(value);
  }

  @Override
  public void visitIincInsn(int var, int increment) {
    before(Opcodes.IINC);
    super.visitIincInsn(var, increment);
  }

  @Override
  public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
    before(Opcodes.TABLESWITCH);
    super.visitTableSwitchInsn(min, max, dflt, labels);
  }

  @Override
  public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
    before(Opcodes.LOOKUPSWITCH);
    super.visitLookupSwitchInsn(dflt, keys, labels);
  }

  @Override
  public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
    before(Opcodes.INVOKEDYNAMIC);
    super.visitInvokeDynamicInsn(name, descriptor, bsm, args);
  }

  @Override
  public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
    before(opcode);
    super.visitFieldInsn(opcode, owner, name, descriptor);
  }

  @Override
  public void visitTypeInsn(int opcode, String type) {
    before(opcode);
    super.visitTypeInsn(opcode, type);
    if (opcode == Opcodes.NEW) {
      pendingNews.push(new int[] {method.site("new " + allocatedType(type)), 0});
      newJustVisited = true;
    } else if (opcode == Opcodes.ANEWARRAY) {
      recordAllocation("new array");
    }
  }

  /** The class really allocated: the pool rewriter further down the chain may substitute it. */
  private String allocatedType(String type) {
    String t = ModelCalls.substitutesIn(method.className) ? ModelCalls.substituteFor(type) : type;
    return t.replace('/', '.');
  }

  @Override
  public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
    before(Opcodes.MULTIANEWARRAY);
    super.visitMultiANewArrayInsn(descriptor, numDimensions);
    recordAllocation("new array");
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    before(opcode);
    if (opcode != Opcodes.INVOKESPECIAL || !name.equals("<init>")) {
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      return;
    }
    boolean barrierAction =
        owner.equals(SyncCalls.BARRIER)
            && descriptor.equals("(ILjava/lang/Runnable;)V")
            && !pendingNews.isEmpty();
    if (barrierAction) {
      emit(HookTable.BARRIER_ACTION);
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    afterConstructorCall(owner, barrierAction, madeHook(owner, descriptor));
  }

  /**
   * The hook told of an object once its constructor ran: a new file or socket goes to the run, a
   * new unseeded {@code Random} gets the run's seed ({@link ResourceCalls#seedsRandom}).
   */
  private static HookCall madeHook(String owner, String descriptor) {
    if (ResourceCalls.constructorOpens(owner, descriptor)) {
      return HookTable.RESOURCE_TAKEN;
    }
    return ResourceCalls.seedsRandom(owner, descriptor) ? HookTable.RANDOM_MADE : null;
  }

  private void afterConstructorCall(String owner, boolean barrierAction, HookCall made) {
    if (pendingNews.isEmpty()) {
      if (method.isConstructor && !method.superConstructorCalled) {
        method.superConstructorCalled = true;
        if (made != null) {
          // a target subclass of a file, a socket or Random: this is one now
          out().visitVarInsn(Opcodes.ALOAD, 0);
          emit(made);
        }
        if (owner.equals("java/lang/Object")) {
          // the first constructor of the object's class chain: from here on it may be local
          out().visitVarInsn(Opcodes.ALOAD, 0);
          emit(HookTable.CONSTRUCTED);
        }
        for (String[] field : method.storedBeforeSuper) {
          // stored before this was initialised: it went into this, local or not
          out().visitVarInsn(Opcodes.ALOAD, 0);
          out().visitInsn(Opcodes.DUP);
          out().visitFieldInsn(Opcodes.GETFIELD, method.className, field[0], field[1]);
          emit(HookTable.STORED);
        }
      }
      return;
    }
    int[] created = pendingNews.pop();
    if (created[1] == 1) {
      out().visitInsn(Opcodes.DUP);
      pushInt(created[0]);
      emit(HookTable.ALLOCATED);
      if (LocalJdkClasses.isAdopted(owner)) {
        out().visitInsn(Opcodes.DUP);
        emit(HookTable.CONSTRUCTED);
      }
      if (barrierAction) {
        out().visitInsn(Opcodes.DUP);
        emit(HookTable.BARRIER_CREATED);
      }
      if (made != null) {
        out().visitInsn(Opcodes.DUP);
        emit(made);
      }
    }
  }
}
