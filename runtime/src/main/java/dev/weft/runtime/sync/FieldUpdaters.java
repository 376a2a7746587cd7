package dev.weft.runtime.sync;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import java.util.IdentityHashMap;

/**
 * {@code Atomic*FieldUpdater}s made by target code: each updater's accesses are accesses of the
 * field it updates, like the field's plain accesses. The factory checks its caller's access to the
 * field, so the call stays in target code, with the holder and name noted just before it and the
 * new updater reported just after.
 */
public final class FieldUpdaters {
  /** Per run: each updater's field id, and the field named by the factory call in progress. */
  private static final class State {
    final IdentityHashMap<Object, Integer> fields = new IdentityHashMap<>();
    Class<?> pendingHolder;
    String pendingField;
  }

  private static final RunLocal<State> STATE = new RunLocal<>(State::new);

  private FieldUpdaters() {}

  /** The class and field name passed to an {@code Atomic*FieldUpdater.newUpdater} call. */
  public static void updaterField(Class<?> holder, String field) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      State state = STATE.of(t.scheduler());
      boolean known = holder != null && field != null;
      state.pendingHolder = known ? holder : null;
      state.pendingField = known ? field : null;
    }
  }

  /** The new updater, right after the factory returned it. */
  public static void updaterCreated(Object updater) {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return;
    }
    Scheduler s = t.scheduler();
    State state = STATE.of(s);
    if (state.pendingHolder == null) {
      return;
    }
    String holder = state.pendingHolder.getName();
    String field = state.pendingField;
    state.pendingHolder = null;
    state.pendingField = null;
    state.fields.put(updater, s.fields().idOf(holder, field));
  }

  /** The field id of an updater made in this run, or null. */
  public static Integer fieldOf(Scheduler s, Object updater) {
    return STATE.of(s).fields.get(updater);
  }
}
