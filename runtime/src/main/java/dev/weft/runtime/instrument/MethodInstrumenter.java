package dev.weft.runtime.instrument;

import dev.weft.runtime.trace.FieldTable;
import dev.weft.runtime.trace.SiteTable;
import java.util.ArrayDeque;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Rewrites one method so that every shared access and synchronisation operation passes through the
 * hook classes ({@code dev.weft.runtime.hooks}): field and static accesses get a hook call before
 * them, array accesses and monitor, wait/notify and thread operations are replaced by hook calls
 * that perform them. A synchronized method loses its flag and gets model monitor enter/exit around
 * its body instead.
 */
final class MethodInstrumenter extends MethodVisitor {

  private final String className;
  private final String methodName;
  private final String methodDesc;
  private final String sourceFile;
  private final boolean isStatic;
  private final boolean isSynchronized;
  private final boolean isConstructor;
  private final boolean isClassInit;
  private final TypeHierarchy types;
  private final SiteTable sites;
  private final FieldTable fields;

  private final ArrayDeque<int[]> pendingNews = new ArrayDeque<>();
  private boolean newJustVisited;
  private boolean superConstructorCalled;
  private int line;
  private int ordinal;
  private int wrapSite;
  private final Label bodyStart = new Label();
  private boolean invokeDynamic;
  private MethodRefBridges bridges;

  MethodInstrumenter(
      MethodVisitor next,
      String className,
      String methodName,
      String methodDesc,
      int access,
      String sourceFile,
      TypeHierarchy types,
      SiteTable sites,
      FieldTable fields) {
    super(Opcodes.ASM9, next);
    this.className = className;
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
  }

  /** Class files before Java 7 cannot hold {@code invokedynamic}; their JDK calls stay plain. */
  MethodInstrumenter allowingInvokeDynamic(boolean allowed) {
    this.invokeDynamic = allowed;
    return this;
  }

  /** Where method references to rewritten JDK methods get their bridges (null: leave them). */
  MethodInstrumenter bridgingMethodReferences(MethodRefBridges bridges) {
    this.bridges = bridges;
    return this;
  }

  private int site(String operation) {
    return sites.register(
        className.replace('/', '.'),
        methodName,
        methodDesc,
        ordinal++,
        sourceFile,
        line,
        operation);
  }

  private void pushInt(int value) {
    if (value >= -1 && value <= 5) {
      super.visitInsn(Opcodes.ICONST_0 + value);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      super.visitIntInsn(Opcodes.BIPUSH, value);
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      super.visitIntInsn(Opcodes.SIPUSH, value);
    } else {
      super.visitLdcInsn(value);
    }
  }

  private void hook(String hookClass, String name, String desc) {
    super.visitMethodInsn(Opcodes.INVOKESTATIC, hookClass, name, desc, false);
  }

  private void pushMonitor() {
    if (isStatic) {
      super.visitLdcInsn(Type.getObjectType(className));
    } else {
      super.visitVarInsn(Opcodes.ALOAD, 0);
    }
  }

  private boolean wrapsBody() {
    return isSynchronized || isClassInit;
  }

  /** Called before every visited instruction, to learn whether a NEW is followed by DUP. */
  private void beforeInstruction(int opcode) {
    if (newJustVisited) {
      newJustVisited = false;
      if (opcode == Opcodes.DUP) {
        pendingNews.peek()[1] = 1;
      }
    }
  }

  @Override
  public void visitLineNumber(int line, Label start) {
    this.line = line;
    super.visitLineNumber(line, start);
  }

  @Override
  public void visitCode() {
    super.visitCode();
    if (isSynchronized) {
      wrapSite = site("synchronized method " + methodName);
      pushMonitor();
      pushInt(wrapSite);
      hook(HookClasses.MONITORS, "monitorEnter", "(Ljava/lang/Object;I)V");
    } else if (isClassInit) {
      hook(HookClasses.RUN, "atomicEnter", "()V");
    }
    if (wrapsBody()) {
      super.visitLabel(bodyStart);
    }
  }

  @Override
  public void visitInsn(int opcode) {
    beforeInstruction(opcode);
    switch (opcode) {
      case Opcodes.IRETURN:
      case Opcodes.LRETURN:
      case Opcodes.FRETURN:
      case Opcodes.DRETURN:
      case Opcodes.ARETURN:
      case Opcodes.RETURN:
        beforeReturn();
        super.visitInsn(opcode);
        return;
      case Opcodes.MONITORENTER:
        pushInt(site("monitorenter"));
        hook(HookClasses.MONITORS, "monitorEnter", "(Ljava/lang/Object;I)V");
        return;
      case Opcodes.MONITOREXIT:
        pushInt(site("monitorexit"));
        hook(HookClasses.MONITORS, "monitorExit", "(Ljava/lang/Object;I)V");
        return;
      default:
        break;
    }
    String[] array = ArrayHooks.forOpcode(opcode);
    if (array != null) {
      if (ArrayHooks.isLoad(opcode)) {
        super.visitInsn(Opcodes.DUP2);
        pushInt(site(array[2]));
        hook(HookClasses.ARRAYS, array[0], array[1]);
        super.visitInsn(opcode);
      } else {
        pushInt(site(array[2]));
        hook(HookClasses.ARRAYS, array[0], array[1]);
      }
      return;
    }
    super.visitInsn(opcode);
  }

  private void beforeReturn() {
    if (isSynchronized) {
      pushMonitor();
      pushInt(wrapSite);
      hook(HookClasses.MONITORS, "monitorExit", "(Ljava/lang/Object;I)V");
    } else if (isClassInit) {
      hook(HookClasses.RUN, "atomicExit", "()V");
    }
  }

  @Override
  public void visitMaxs(int maxStack, int maxLocals) {
    if (wrapsBody()) {
      Label handler = new Label();
      super.visitLabel(handler);
      if (isSynchronized) {
        pushMonitor();
        pushInt(wrapSite);
        hook(HookClasses.MONITORS, "monitorExitOnThrow", "(Ljava/lang/Object;I)V");
      } else {
        hook(HookClasses.RUN, "atomicExit", "()V");
      }
      super.visitInsn(Opcodes.ATHROW);
      super.visitTryCatchBlock(bodyStart, handler, handler, null);
    }
    super.visitMaxs(maxStack, maxLocals);
  }

  @Override
  public void visitIntInsn(int opcode, int operand) {
    beforeInstruction(opcode);
    super.visitIntInsn(opcode, operand);
    if (opcode == Opcodes.NEWARRAY) {
      recordAllocation("new array");
    }
  }

  @Override
  public void visitVarInsn(int opcode, int var) {
    beforeInstruction(opcode);
    super.visitVarInsn(opcode, var);
  }

  @Override
  public void visitJumpInsn(int opcode, Label label) {
    beforeInstruction(opcode);
    super.visitJumpInsn(opcode, label);
  }

  @Override
  public void visitLdcInsn(Object value) {
    beforeInstruction(Opcodes.LDC);
    super.visitLdcInsn(value);
  }

  @Override
  public void visitIincInsn(int var, int increment) {
    beforeInstruction(Opcodes.IINC);
    super.visitIincInsn(var, increment);
  }

  @Override
  public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
    beforeInstruction(Opcodes.TABLESWITCH);
    super.visitTableSwitchInsn(min, max, dflt, labels);
  }

  @Override
  public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
    beforeInstruction(Opcodes.LOOKUPSWITCH);
    super.visitLookupSwitchInsn(dflt, keys, labels);
  }

  @Override
  public void visitInvokeDynamicInsn(
      String name, String descriptor, net.bytebuddy.jar.asm.Handle bsm, Object... bsmArgs) {
    beforeInstruction(Opcodes.INVOKEDYNAMIC);
    net.bytebuddy.jar.asm.Handle impl = bridges == null ? null : bridges.jdkReference(bsm, bsmArgs);
    if (impl != null && rewritesReference(impl)) {
      bsmArgs = bsmArgs.clone();
      bsmArgs[1] = bridges.bridgeFor(impl, methodName, line);
    }
    super.visitInvokeDynamicInsn(name, descriptor, bsm, bsmArgs);
  }

  @Override
  public void visitTypeInsn(int opcode, String type) {
    beforeInstruction(opcode);
    if (opcode == Opcodes.NEW && ModelCalls.substitutesIn(className)) {
      type = ModelCalls.substituteFor(type);
    }
    super.visitTypeInsn(opcode, type);
    if (opcode == Opcodes.NEW) {
      pendingNews.push(new int[] {site("new " + type.replace('/', '.')), 0});
      newJustVisited = true;
    } else if (opcode == Opcodes.ANEWARRAY) {
      recordAllocation("new array");
    }
  }

  @Override
  public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
    beforeInstruction(Opcodes.MULTIANEWARRAY);
    super.visitMultiANewArrayInsn(descriptor, numDimensions);
    recordAllocation("new array");
  }

  private void recordAllocation(String what) {
    super.visitInsn(Opcodes.DUP);
    pushInt(site(what));
    hook(HookClasses.RUN, "allocated", "(Ljava/lang/Object;I)V");
  }

  @Override
  public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
    beforeInstruction(opcode);
    TypeHierarchy.ResolvedField field = types.resolveField(owner, name);
    boolean uninitializedThis = isConstructor && !superConstructorCalled;
    if (field.isFinal() || (opcode == Opcodes.PUTFIELD && uninitializedThis)) {
      super.visitFieldInsn(opcode, owner, name, descriptor);
      return;
    }
    int fieldId = fields.idOf(field.declaringClass().replace('/', '.'), name);
    String simple = field.declaringClass().substring(field.declaringClass().lastIndexOf('/') + 1);
    switch (opcode) {
      case Opcodes.GETSTATIC:
        pushInt(fieldId);
        pushInt(site("read " + simple + "." + name));
        hook(HookClasses.FIELDS, "getStatic", "(II)V");
        break;
      case Opcodes.PUTSTATIC:
        pushInt(fieldId);
        pushInt(site("write " + simple + "." + name));
        hook(HookClasses.FIELDS, "putStatic", "(II)V");
        break;
      case Opcodes.GETFIELD:
        super.visitInsn(Opcodes.DUP);
        pushInt(fieldId);
        pushInt(site("read " + simple + "." + name));
        hook(HookClasses.FIELDS, "getField", "(Ljava/lang/Object;II)V");
        break;
      case Opcodes.PUTFIELD:
        if (Type.getType(descriptor).getSize() == 2) {
          // obj, v1v2 -> v1v2, obj, v1v2 -> v1v2, obj -> obj, v1v2, obj
          super.visitInsn(Opcodes.DUP2_X1);
          super.visitInsn(Opcodes.POP2);
          super.visitInsn(Opcodes.DUP_X2);
        } else {
          // obj, v -> obj, v, obj, v -> obj, v, obj
          super.visitInsn(Opcodes.DUP2);
          super.visitInsn(Opcodes.POP);
        }
        pushInt(fieldId);
        pushInt(site("write " + simple + "." + name));
        hook(HookClasses.FIELDS, "putField", "(Ljava/lang/Object;II)V");
        break;
      default:
        break;
    }
    super.visitFieldInsn(opcode, owner, name, descriptor);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    beforeInstruction(opcode);
    if (opcode == Opcodes.INVOKESPECIAL && ModelCalls.substitutesIn(className)) {
      owner = ModelCalls.substituteFor(owner); // new X(...), or super calls of a subclass
    }
    if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")) {
      boolean barrierAction =
          owner.equals(SyncCalls.BARRIER)
              && descriptor.equals("(ILjava/lang/Runnable;)V")
              && !pendingNews.isEmpty();
      if (barrierAction) {
        super.visitMethodInsn(
            Opcodes.INVOKESTATIC,
            HookClasses.SYNCHRONIZERS,
            "barrierAction",
            "(Ljava/lang/Runnable;)Ljava/lang/Runnable;",
            false);
      }
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      afterConstructorCall(barrierAction);
      return;
    }
    if (isFieldUpdaterFactory(opcode, owner, name)) {
      fieldUpdater(opcode, owner, name, descriptor, isInterface);
      return;
    }
    String model =
        opcode == Opcodes.INVOKESTATIC && ModelCalls.substitutesIn(className)
            ? ModelCalls.redirectOwner(
                ModelCalls.declaringOwner(owner, name, types), name, descriptor)
            : null;
    if (model != null) {
      super.visitMethodInsn(opcode, model, name, descriptor, false);
      return;
    }
    CallHooks.Replacement replacement =
        CallHooks.replacementFor(opcode, owner, name, descriptor, types);
    if (replacement != null && !ModelCalls.substitutesIn(className) && replacement.isModel()) {
      replacement = null; // the models call the JDK's own fork/join
    }
    if (replacement != null) {
      if (replacement.takesSite()) {
        pushInt(site(replacement.operation()));
      }
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC,
          replacement.hookClass(),
          replacement.hook(),
          replacement.descriptor(),
          false);
      return;
    }
    if (invokeDynamic && JdkCallSites.intercepts(opcode, owner, name)) {
      String simple = owner.substring(owner.lastIndexOf('/') + 1);
      super.visitInvokeDynamicInsn(
          name,
          JdkCallSites.indyDescriptor(owner, descriptor),
          JdkCallSites.BOOTSTRAP,
          site(simple + "." + name));
      return;
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
  }

  /** Whether a call to the method behind a method reference would be rewritten here. */
  private boolean rewritesReference(net.bytebuddy.jar.asm.Handle impl) {
    String owner = impl.getOwner();
    String name = impl.getName();
    String desc = impl.getDesc();
    int opcode = MethodRefBridges.opcodeOf(impl);
    if (opcode == Opcodes.INVOKESPECIAL) {
      return owner.equals(SyncCalls.BARRIER) || ModelCalls.substitutes(owner);
    }
    return isFieldUpdaterFactory(opcode, owner, name)
        || (opcode == Opcodes.INVOKESTATIC
            && ModelCalls.redirectOwner(ModelCalls.declaringOwner(owner, name, types), name, desc)
                != null)
        || CallHooks.replacementFor(opcode, owner, name, desc, types) != null
        || (invokeDynamic && JdkCallSites.intercepts(opcode, owner, name));
  }

  private static boolean isFieldUpdaterFactory(int opcode, String owner, String name) {
    return opcode == Opcodes.INVOKESTATIC
        && owner.startsWith("java/util/concurrent/atomic/Atomic")
        && owner.endsWith("FieldUpdater")
        && name.equals("newUpdater");
  }

  /**
   * {@code Atomic*FieldUpdater.newUpdater(holder, [type,] name)}: the call stays here (the factory
   * checks its caller's access to the field), with the holder and name noted just before it and the
   * new updater reported just after.
   */
  private void fieldUpdater(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    String note = "(Ljava/lang/Class;Ljava/lang/String;)V";
    if (Type.getArgumentTypes(descriptor).length == 2) {
      super.visitInsn(Opcodes.DUP2); // holder, name, holder, name
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC, HookClasses.JDK_CALLS, "updaterField", note, false);
    } else {
      // holder, type, name -> note(holder, name) and back to holder, type, name
      super.visitInsn(Opcodes.SWAP);
      super.visitInsn(Opcodes.DUP_X2);
      super.visitInsn(Opcodes.POP);
      super.visitInsn(Opcodes.DUP2);
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC, HookClasses.JDK_CALLS, "updaterField", note, false);
      super.visitInsn(Opcodes.DUP_X2);
      super.visitInsn(Opcodes.POP);
      super.visitInsn(Opcodes.SWAP);
      super.visitInsn(Opcodes.DUP2_X1);
      super.visitInsn(Opcodes.POP2);
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    super.visitInsn(Opcodes.DUP);
    super.visitMethodInsn(
        Opcodes.INVOKESTATIC,
        HookClasses.JDK_CALLS,
        "updaterCreated",
        "(Ljava/lang/Object;)V",
        false);
  }

  private void afterConstructorCall(boolean barrierAction) {
    if (pendingNews.isEmpty()) {
      if (isConstructor) {
        superConstructorCalled = true;
      }
      return;
    }
    int[] created = pendingNews.pop();
    if (created[1] == 1) {
      super.visitInsn(Opcodes.DUP);
      pushInt(created[0]);
      hook(HookClasses.RUN, "allocated", "(Ljava/lang/Object;I)V");
      if (barrierAction) {
        super.visitInsn(Opcodes.DUP);
        super.visitMethodInsn(
            Opcodes.INVOKESTATIC,
            HookClasses.SYNCHRONIZERS,
            "barrierCreated",
            "(Ljava/lang/Object;)V",
            false);
      }
    }
  }
}
