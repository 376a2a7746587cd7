package dev.weft.runtime.instrument.calls;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.Type;
import org.junit.jupiter.api.Test;

/** Every hook call the instrumentation can emit names a public static method that exists. */
class HookLinkageTest {

  @Test
  void everyEmittableHookResolves() {
    List<HookCall> all = HookTable.all();
    List<String> unresolved = new ArrayList<>();
    for (HookCall call : all) {
      if (!resolves(call)) {
        unresolved.add(call.toString());
      }
    }
    assertThat(unresolved).isEmpty();
    assertThat(all).hasSizeGreaterThan(140);
  }

  @Test
  void aMisnamedHookIsCaught() {
    assertThat(
            resolves(new HookCall(HookClasses.MONITORS, "monitorEnter", "(Ljava/lang/Object;)V")))
        .isFalse();
    assertThat(
            resolves(new HookCall(HookClasses.MONITORS, "monitorEntr", "(Ljava/lang/Object;I)V")))
        .isFalse();
    assertThat(resolves(new HookCall("dev/weft/runtime/hooks/NoSuchHooks", "x", "()V"))).isFalse();
    assertThat(resolves(HookTable.MONITOR_ENTER)).isTrue();
  }

  private static boolean resolves(HookCall call) {
    Class<?> owner;
    try {
      owner =
          Class.forName(
              call.owner().replace('/', '.'), false, HookLinkageTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return false;
    }
    for (Method m : owner.getDeclaredMethods()) {
      int mod = m.getModifiers();
      if (m.getName().equals(call.name())
          && Type.getMethodDescriptor(m).equals(call.descriptor())
          && Modifier.isStatic(mod)
          && Modifier.isPublic(mod)) {
        return true;
      }
    }
    return false;
  }
}
