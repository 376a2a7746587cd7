package dev.weft.runtime.instrument.calls;

import static org.assertj.core.api.Assertions.assertThat;

import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

/** Which references a call lets go of, decided from class files alone. */
class CallEscapesTest {
  private final TypeHierarchy types =
      new TypeHierarchy(
          TypePool.Default.ofSystemLoader(), name -> name.startsWith("dev/weft/targets/"));

  private static final String COUNTER = "dev/weft/targets/local/HandOvers$Counter";
  private static final String WORKER = "dev/weft/targets/local/HandOvers$Worker";

  private CallEscapes.Plan plan(int opcode, String owner, String name, String descriptor) {
    return CallEscapes.plan(opcode, owner, name, descriptor, types);
  }

  @Test
  void aCallIntoTargetCodeKeepsItsArgumentsInView() {
    assertThat(plan(Opcodes.INVOKESPECIAL, COUNTER, "<init>", "()V").any()).isFalse();
    assertThat(plan(Opcodes.INVOKEVIRTUAL, WORKER, "run", "()V").any()).isFalse();
  }

  @Test
  void aCallIntoTheJdkLetsGoOfWhatCouldBeALocalObject() {
    CallEscapes.Plan add =
        plan(Opcodes.INVOKEINTERFACE, "java/util/Queue", "add", "(Ljava/lang/Object;)Z");
    assertThat(add.escaping()).containsExactly(true, true); // the receiver may be target code
    CallEscapes.Plan thread =
        plan(Opcodes.INVOKESPECIAL, "java/lang/Thread", "<init>", "(Ljava/lang/Runnable;)V");
    assertThat(thread.escaping()).containsExactly(true);
    CallEscapes.Plan named =
        plan(Opcodes.INVOKESPECIAL, "java/lang/Thread", "<init>", "(Ljava/lang/String;)V");
    assertThat(named.any()).as("a String is never a tracked object").isFalse();
    CallEscapes.Plan start = plan(Opcodes.INVOKEVIRTUAL, WORKER, "start", "()V");
    assertThat(start.escaping())
        .as("inherited from Thread: the JDK's code runs")
        .containsExactly(true);
  }

  @Test
  void theReceiverOfACallOnAJdkCollectionIsAQuestionForRunTime() {
    CallEscapes.Plan add =
        plan(Opcodes.INVOKEVIRTUAL, "java/util/ArrayList", "add", "(Ljava/lang/Object;)Z");
    assertThat(add.escaping()).as("the element escapes into JDK code").containsExactly(true, true);
    assertThat(add.receiverMethod()).isEqualTo("add(Ljava/lang/Object;)Z");
    assertThat(add.viewResult()).isFalse();
    CallEscapes.Plan iterator =
        plan(Opcodes.INVOKEVIRTUAL, "java/util/AbstractList", "iterator", "()Ljava/util/Iterator;");
    assertThat(iterator.receiverMethod()).isNotNull();
    assertThat(iterator.viewResult()).as("an iterator shows its list").isTrue();
    CallEscapes.Plan append =
        plan(
            Opcodes.INVOKEVIRTUAL,
            "java/lang/StringBuffer",
            "append",
            "(Ljava/lang/Object;)Ljava/lang/StringBuffer;");
    assertThat(append.escaping())
        .as("a string buffer keeps no argument, but may itself be local")
        .containsExactly(true, false);
    assertThat(append.receiverMethod()).startsWith("append(");
    CallEscapes.Plan builder =
        plan(
            Opcodes.INVOKEVIRTUAL,
            "java/lang/StringBuilder",
            "append",
            "(Ljava/lang/Object;)Ljava/lang/StringBuilder;");
    assertThat(builder.any()).as("a StringBuilder is never adopted").isFalse();
    assertThat(
            plan(Opcodes.INVOKESTATIC, "java/util/Collections", "sort", "(Ljava/util/List;)V")
                .escaping())
        .containsExactly(true);
    assertThat(
            CallEscapes.escapable(
                net.bytebuddy.jar.asm.Type.getObjectType("java/lang/Number"), types))
        .as("an AtomicInteger is a Number")
        .isTrue();
  }

  @Test
  void knownJdkCodeKeepsNothingOrHandsBackAFreshCopy() {
    assertThat(plan(Opcodes.INVOKESPECIAL, "java/lang/String", "<init>", "([C)V").any()).isFalse();
    assertThat(
            plan(
                    Opcodes.INVOKEVIRTUAL,
                    "java/lang/StringBuilder",
                    "append",
                    "(Ljava/lang/Object;)Ljava/lang/StringBuilder;")
                .any())
        .isFalse();
    assertThat(plan(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "hashCode", "()I").any()).isFalse();
    assertThat(plan(Opcodes.INVOKESTATIC, "java/util/Arrays", "copyOf", "([II)[I").copiesResult())
        .isTrue();
    assertThat(plan(Opcodes.INVOKEVIRTUAL, "[I", "clone", "()Ljava/lang/Object;").copiesResult())
        .isTrue();
    assertThat(
            plan(Opcodes.INVOKEVIRTUAL, "java/lang/String", "toCharArray", "()[C").copiesResult())
        .isTrue();
    assertThat(plan(Opcodes.INVOKEVIRTUAL, "java/lang/String", "getBytes", "()[B").copiesResult())
        .isTrue();
    assertThat(plan(Opcodes.INVOKEVIRTUAL, "java/lang/String", "length", "()I").copiesResult())
        .isFalse();
    assertThat(
            plan(
                    Opcodes.INVOKESTATIC,
                    "java/util/Arrays",
                    "asList",
                    "([Ljava/lang/Object;)Ljava/util/List;")
                .escaping())
        .as("the list keeps the array")
        .containsExactly(true);
    assertThat(
            plan(
                    Opcodes.INVOKESTATIC,
                    "java/lang/System",
                    "arraycopy",
                    "(Ljava/lang/Object;ILjava/lang/Object;II)V")
                .arraycopy())
        .isTrue();
  }

  @Test
  void lambdasLetGoOfWhatTheyCaptureButStringConcatenationDoesNot() {
    assertThat(
            CallEscapes.dynamic(
                    "java/lang/invoke/LambdaMetafactory",
                    "(L" + COUNTER + ";I)Ljava/lang/Runnable;",
                    types)
                .escaping())
        .containsExactly(true, false);
    assertThat(
            CallEscapes.dynamic(
                    "java/lang/invoke/StringConcatFactory",
                    "(Ljava/lang/Object;)Ljava/lang/String;",
                    types)
                .any())
        .isFalse();
  }

  @Test
  void aMethodTheJdkMayCallBackIsKnown() {
    assertThat(types.jdkMayCall(WORKER, "run", "()V")).isTrue();
    assertThat(types.jdkMayCall(COUNTER, "toString", "()Ljava/lang/String;")).isFalse();
  }
}
