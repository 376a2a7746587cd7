package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.CallHooks;
import dev.weft.runtime.instrument.calls.JdkCallSites;
import dev.weft.runtime.instrument.calls.MethodRefBridges;
import dev.weft.runtime.instrument.calls.ModelCalls;
import dev.weft.runtime.instrument.calls.SyncCalls;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Method references to JDK methods that Weft rewrites ({@code lock::lock}, {@code Thread::start})
 * are pointed at bridges in the referring class ({@link MethodRefBridges}), whose bodies are
 * instrumented like any call: {@code LambdaMetafactory} would otherwise link them past the hooks.
 */
final class MethodReferenceRewriter extends Rewriter {
  MethodReferenceRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
    MethodRefBridges bridges = method.bridges;
    Handle impl = bridges == null ? null : bridges.jdkReference(bsm, args);
    if (impl != null && rewritesReference(impl)) {
      args = args.clone();
      args[1] = bridges.bridgeFor(impl, method.methodName, method.line);
    }
    super.visitInvokeDynamicInsn(name, descriptor, bsm, args);
  }

  /** Whether a call to the method behind a method reference would be rewritten. */
  private boolean rewritesReference(Handle impl) {
    String owner = impl.getOwner();
    String name = impl.getName();
    String desc = impl.getDesc();
    int opcode = MethodRefBridges.opcodeOf(impl);
    if (opcode == Opcodes.INVOKESPECIAL) {
      return owner.equals(SyncCalls.BARRIER)
          || ModelCalls.substitutes(owner)
          || ThreadNaming.namedConstructor(owner, desc) != null;
    }
    return FieldUpdaterNotes.isFactory(opcode, owner, name)
        || (opcode == Opcodes.INVOKESTATIC
            && ModelCalls.redirectOwner(
                    ModelCalls.declaringOwner(owner, name, method.types), name, desc)
                != null)
        || CallHooks.replacementFor(opcode, owner, name, desc, method.types) != null
        || (method.invokeDynamic && JdkCallSites.intercepts(opcode, owner, name));
  }
}
