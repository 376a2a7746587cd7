package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.hooks.ArrayHooks;
import dev.weft.runtime.hooks.BranchHooks;
import dev.weft.runtime.hooks.ClassInitHooks;
import dev.weft.runtime.hooks.EscapeHooks;
import dev.weft.runtime.hooks.FieldHooks;
import dev.weft.runtime.hooks.IdentityHooks;
import dev.weft.runtime.hooks.JdkCallHooks;
import dev.weft.runtime.hooks.MachineHooks;
import dev.weft.runtime.hooks.MonitorHooks;
import dev.weft.runtime.hooks.NetHooks;
import dev.weft.runtime.hooks.ParkHooks;
import dev.weft.runtime.hooks.ProcessHooks;
import dev.weft.runtime.hooks.RandomHooks;
import dev.weft.runtime.hooks.ResourceHooks;
import dev.weft.runtime.hooks.RunHooks;
import dev.weft.runtime.hooks.ThreadHooks;
import dev.weft.runtime.hooks.TimeHooks;
import dev.weft.runtime.hooks.UnsafeHooks;
import dev.weft.runtime.hooks.VarHandleHooks;
import dev.weft.runtime.hooks.juc.BlockingHooks;
import dev.weft.runtime.hooks.juc.ExchangerHooks;
import dev.weft.runtime.hooks.juc.LockHooks;
import dev.weft.runtime.hooks.juc.PhaserHooks;
import dev.weft.runtime.hooks.juc.QueuedSynchronizerHooks;
import dev.weft.runtime.hooks.juc.StampedLockHooks;
import dev.weft.runtime.hooks.juc.SynchronizerHooks;
import dev.weft.runtime.jdk.JdkCalls;
import net.bytebuddy.jar.asm.Type;

/**
 * The internal names of the hook classes instrumented code calls, taken from class literals so that
 * a renamed or moved hook class breaks the build, not a run. {@code HookLinkageTest} resolves every
 * (class, method, descriptor) the instrumentation can emit.
 */
public final class HookClasses {
  static final String FIELDS = Type.getInternalName(FieldHooks.class);
  static final String ARRAYS = Type.getInternalName(ArrayHooks.class);
  static final String MONITORS = Type.getInternalName(MonitorHooks.class);
  static final String THREADS = Type.getInternalName(ThreadHooks.class);
  static final String TIME = Type.getInternalName(TimeHooks.class);
  static final String MACHINE = Type.getInternalName(MachineHooks.class);
  static final String RUN = Type.getInternalName(RunHooks.class);
  static final String CLASS_INITS = Type.getInternalName(ClassInitHooks.class);
  static final String IDENTITIES = Type.getInternalName(IdentityHooks.class);
  static final String LOCKS = Type.getInternalName(LockHooks.class);
  static final String SYNCHRONIZERS = Type.getInternalName(SynchronizerHooks.class);
  static final String QUEUED_SYNCHRONIZERS = Type.getInternalName(QueuedSynchronizerHooks.class);
  static final String PARKING = Type.getInternalName(ParkHooks.class);
  static final String STAMPED_LOCKS = Type.getInternalName(StampedLockHooks.class);
  static final String PHASERS = Type.getInternalName(PhaserHooks.class);
  static final String EXCHANGERS = Type.getInternalName(ExchangerHooks.class);
  static final String BLOCKING = Type.getInternalName(BlockingHooks.class);
  static final String JDK_CALLS = Type.getInternalName(JdkCallHooks.class);
  static final String VAR_HANDLES = Type.getInternalName(VarHandleHooks.class);
  static final String UNSAFE = Type.getInternalName(UnsafeHooks.class);
  static final String ESCAPES = Type.getInternalName(EscapeHooks.class);
  static final String BRANCHES = Type.getInternalName(BranchHooks.class);
  static final String RESOURCES = Type.getInternalName(ResourceHooks.class);
  static final String NET = Type.getInternalName(NetHooks.class);
  static final String PROCESS = Type.getInternalName(ProcessHooks.class);
  static final String RANDOM = Type.getInternalName(RandomHooks.class);

  private HookClasses() {}

  /**
   * Initialises every hook class (and what their initialisers set up, such as the JDK-call tables),
   * so that it happens before a run rather than on the first program thread that calls a hook.
   */
  public static void initialiseAll() {
    String[] all = {
      FIELDS,
      ARRAYS,
      MONITORS,
      THREADS,
      TIME,
      MACHINE,
      RUN,
      IDENTITIES,
      LOCKS,
      SYNCHRONIZERS,
      PARKING,
      STAMPED_LOCKS,
      PHASERS,
      EXCHANGERS,
      BLOCKING,
      JDK_CALLS,
      VAR_HANDLES,
      UNSAFE,
      ESCAPES,
      BRANCHES,
      RESOURCES,
      NET,
      PROCESS,
      RANDOM
    };
    ClassLoader loader = HookClasses.class.getClassLoader();
    for (String internal : all) {
      try {
        Class.forName(internal.replace('/', '.'), true, loader);
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("a hook class is missing: " + internal, e);
      }
    }
    try {
      Class.forName(JdkCalls.class.getName(), true, loader); // the hooks' bootstrap tables
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
