package dev.weft.runtime.instrument.calls;

import java.util.ArrayList;
import java.util.List;

/**
 * Every static method instrumented code can call: the hooks the method rewriter inserts directly
 * (listed here), and those chosen by the call tables ({@link ArrayOpcodes}, {@link CallHooks},
 * {@link SyncCalls}, {@link ModelCalls}, {@link JdkCallSites}, {@link VarHandleSites}, {@link
 * UnsafeSites}). {@link #all()} is what the linkage test resolves, so a hook that is renamed, moved
 * or given another signature fails the build.
 */
public final class HookTable {
  private static final String OBJECT_SITE = "(Ljava/lang/Object;I)V";

  public static final HookCall MONITOR_ENTER =
      new HookCall(HookClasses.MONITORS, "monitorEnter", OBJECT_SITE);
  public static final HookCall MONITOR_EXIT =
      new HookCall(HookClasses.MONITORS, "monitorExit", OBJECT_SITE);
  public static final HookCall MONITOR_EXIT_ON_THROW =
      new HookCall(HookClasses.MONITORS, "monitorExitOnThrow", OBJECT_SITE);
  public static final HookCall ATOMIC_ENTER = new HookCall(HookClasses.RUN, "atomicEnter", "()V");
  public static final HookCall ATOMIC_EXIT = new HookCall(HookClasses.RUN, "atomicExit", "()V");
  public static final HookCall INITIALISER_BEGINS =
      new HookCall(HookClasses.CLASS_INITS, "initialiserBegins", "(Ljava/lang/Class;)V");
  public static final HookCall INITIALISER_ENDS =
      new HookCall(HookClasses.CLASS_INITS, "initialiserEnds", "(Ljava/lang/Class;)V");
  public static final HookCall BEFORE_INITIALISING_USE =
      new HookCall(HookClasses.CLASS_INITS, "beforeUse", "(Ljava/lang/Class;)V");
  public static final HookCall BEFORE_INITIALISING_USE_NAMED =
      new HookCall(HookClasses.CLASS_INITS, "beforeUse", "(Ljava/lang/Class;Ljava/lang/String;)V");
  public static final HookCall FOR_NAME_WITH_LOADER =
      new HookCall(
          HookClasses.CLASS_INITS,
          "forName",
          "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;");
  public static final HookCall FOR_NAME_BY_CALLER =
      new HookCall(
          HookClasses.CLASS_INITS,
          "forName",
          "(Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Class;");
  public static final HookCall ENSURE_NAMED =
      new HookCall(HookClasses.CLASS_INITS, "ensure", "(Ljava/lang/Class;Ljava/lang/String;)V");
  public static final HookCall ALLOCATED = new HookCall(HookClasses.RUN, "allocated", OBJECT_SITE);
  public static final HookCall GET_STATIC = new HookCall(HookClasses.FIELDS, "getStatic", "(II)V");
  public static final HookCall PUT_STATIC = new HookCall(HookClasses.FIELDS, "putStatic", "(II)V");
  public static final HookCall GET_FIELD =
      new HookCall(HookClasses.FIELDS, "getField", "(Ljava/lang/Object;II)V");
  public static final HookCall PUT_FIELD =
      new HookCall(HookClasses.FIELDS, "putField", "(Ljava/lang/Object;II)V");
  public static final HookCall PUT_FIELD_REFERENCE =
      new HookCall(
          HookClasses.FIELDS, "putFieldReference", "(Ljava/lang/Object;Ljava/lang/Object;II)V");
  public static final HookCall ESCAPE =
      new HookCall(HookClasses.ESCAPES, "escape", "(Ljava/lang/Object;)V");
  public static final HookCall ESCAPE_RECEIVER =
      new HookCall(
          HookClasses.ESCAPES, "escapeReceiver", "(Ljava/lang/Object;Ljava/lang/String;)V");
  public static final HookCall VIEW_MADE =
      new HookCall(HookClasses.ESCAPES, "viewMade", "(Ljava/lang/Object;)V");
  public static final HookCall STORED_DURING_INIT =
      new HookCall(
          HookClasses.ESCAPES, "storedDuringInit", "(Ljava/lang/Object;Ljava/lang/String;)V");
  public static final HookCall CLASS_INITIALISED =
      new HookCall(HookClasses.ESCAPES, "classInitialised", "(Ljava/lang/String;)V");
  public static final HookCall STORED =
      new HookCall(HookClasses.ESCAPES, "stored", "(Ljava/lang/Object;Ljava/lang/Object;)V");
  public static final HookCall RESOURCE_TAKEN =
      new HookCall(HookClasses.RESOURCES, "taken", "(Ljava/lang/Object;)V");
  public static final HookCall RANDOM_MADE =
      new HookCall(HookClasses.RANDOM, "made", "(Ljava/util/Random;)V");
  public static final HookCall CONSTRUCTED =
      new HookCall(HookClasses.ESCAPES, "constructed", "(Ljava/lang/Object;)V");
  public static final HookCall COPIED =
      new HookCall(HookClasses.ESCAPES, "copied", "(Ljava/lang/Object;)V");
  public static final HookCall ARRAYCOPY =
      new HookCall(HookClasses.ESCAPES, "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V");
  public static final HookCall BARRIER_ACTION =
      new HookCall(
          HookClasses.SYNCHRONIZERS, "barrierAction", "(Ljava/lang/Runnable;)Ljava/lang/Runnable;");
  public static final HookCall BARRIER_CREATED =
      new HookCall(HookClasses.SYNCHRONIZERS, "barrierCreated", "(Ljava/lang/Object;)V");
  public static final HookCall UPDATER_FIELD =
      new HookCall(HookClasses.JDK_CALLS, "updaterField", "(Ljava/lang/Class;Ljava/lang/String;)V");
  public static final HookCall UPDATER_CREATED =
      new HookCall(HookClasses.JDK_CALLS, "updaterCreated", "(Ljava/lang/Object;)V");
  public static final HookCall DEFAULT_THREAD_NAME =
      new HookCall(HookClasses.THREADS, "defaultThreadName", "()Ljava/lang/String;");

  public static final HookCall BRANCH_UNARY = new HookCall(HookClasses.BRANCHES, "unary", "(III)V");
  public static final HookCall BRANCH_BINARY =
      new HookCall(HookClasses.BRANCHES, "binary", "(IIII)V");
  public static final HookCall BRANCH_REFERENCES =
      new HookCall(HookClasses.BRANCHES, "references", "(Ljava/lang/Object;Ljava/lang/Object;II)V");
  public static final HookCall BRANCH_NULLNESS =
      new HookCall(HookClasses.BRANCHES, "nullness", "(Ljava/lang/Object;II)V");
  public static final HookCall BRANCH_TABLE =
      new HookCall(HookClasses.BRANCHES, "table", "(IIII)V");
  public static final HookCall BRANCH_LOOKUP =
      new HookCall(HookClasses.BRANCHES, "lookup", "(ILjava/lang/String;I)V");

  private HookTable() {}

  /** Every hook call the instrumentation can emit. */
  static List<HookCall> all() {
    List<HookCall> all =
        new ArrayList<>(
            List.of(
                MONITOR_ENTER,
                MONITOR_EXIT,
                MONITOR_EXIT_ON_THROW,
                ATOMIC_ENTER,
                ATOMIC_EXIT,
                INITIALISER_BEGINS,
                INITIALISER_ENDS,
                BEFORE_INITIALISING_USE,
                BEFORE_INITIALISING_USE_NAMED,
                FOR_NAME_WITH_LOADER,
                FOR_NAME_BY_CALLER,
                ENSURE_NAMED,
                ALLOCATED,
                GET_STATIC,
                PUT_STATIC,
                GET_FIELD,
                PUT_FIELD,
                PUT_FIELD_REFERENCE,
                ESCAPE,
                ESCAPE_RECEIVER,
                VIEW_MADE,
                STORED_DURING_INIT,
                CLASS_INITIALISED,
                STORED,
                CONSTRUCTED,
                RESOURCE_TAKEN,
                RANDOM_MADE,
                COPIED,
                ARRAYCOPY,
                BARRIER_ACTION,
                BARRIER_CREATED,
                UPDATER_FIELD,
                UPDATER_CREATED,
                DEFAULT_THREAD_NAME,
                BRANCH_UNARY,
                BRANCH_BINARY,
                BRANCH_REFERENCES,
                BRANCH_NULLNESS,
                BRANCH_TABLE,
                BRANCH_LOOKUP));
    all.addAll(ArrayOpcodes.hooks());
    all.addAll(CallHooks.hooks());
    all.addAll(ModelCalls.hooks());
    all.add(JdkCallSites.bootstrapCall());
    all.add(JdkCallSites.bootstrapSuperCall());
    all.addAll(VarHandleSites.hooks());
    all.addAll(UnsafeSites.hooks());
    return all;
  }
}
