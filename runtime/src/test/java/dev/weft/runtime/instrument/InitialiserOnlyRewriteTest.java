package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.instrument.calls.HookTable;
import dev.weft.runtime.instrument.classfile.InitialiserOnlyRewrite;
import dev.weft.targets.statics.WrappedInitialisers;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

/**
 * A class wrapped only around its static initialiser passes the JVM's verifier, initialises as
 * written (a failing initialiser still fails), and says when its initialiser begins and ends.
 */
class InitialiserOnlyRewriteTest {
  private static byte[] bytes(Class<?> type) throws IOException {
    String resource = "/" + type.getName().replace('.', '/') + ".class";
    try (InputStream in = type.getResourceAsStream(resource)) {
      return in.readAllBytes();
    }
  }

  /** Defines the wrapped copy of one class, verified as every class of a non-boot loader is. */
  private static final class WrappedLoader extends ClassLoader {
    private final String name;
    private final byte[] wrapped;

    WrappedLoader(Class<?> type) throws IOException {
      super(InitialiserOnlyRewriteTest.class.getClassLoader());
      this.name = type.getName();
      this.wrapped = InitialiserOnlyRewrite.wrap(bytes(type));
    }

    @Override
    protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
      if (n.equals(name)) {
        synchronized (getClassLoadingLock(n)) {
          Class<?> c = findLoadedClass(n);
          return c != null ? c : defineClass(n, wrapped, 0, wrapped.length);
        }
      }
      return super.loadClass(n, resolve);
    }
  }

  /** The class-initialisation hooks a class's static initialiser calls, in order. */
  static List<String> initialiserCalls(byte[] classFile) {
    List<String> calls = new ArrayList<>();
    new ClassReader(classFile)
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String desc, String signature, String[] exceptions) {
                if (!name.equals("<clinit>")) {
                  return null;
                }
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitMethodInsn(
                      int opcode, String owner, String n, String d, boolean itf) {
                    if (owner.equals(HookTable.INITIALISER_BEGINS.owner())) {
                      calls.add(n);
                    }
                  }
                };
              }
            },
            0);
    return calls;
  }

  @Test
  void aWrappedInitialiserVerifiesAndRunsAsWritten() throws Exception {
    Class<?> wrapped =
        Class.forName(
            WrappedInitialisers.Branches.class.getName(),
            true,
            new WrappedLoader(WrappedInitialisers.Branches.class));
    assertThat(wrapped).isNotSameAs(WrappedInitialisers.Branches.class);
    assertThat(wrapped.getField("VALUE").getInt(null)).isEqualTo(6);
    assertThat(wrapped.getField("TEXT").get(null)).isEqualTo("caught 6");
  }

  @Test
  void aFailingWrappedInitialiserStillFails() throws Exception {
    WrappedLoader loader = new WrappedLoader(WrappedInitialisers.Failing.class);
    assertThatThrownBy(
            () -> Class.forName(WrappedInitialisers.Failing.class.getName(), true, loader))
        .isInstanceOf(ExceptionInInitializerError.class)
        .cause()
        .hasMessage("initialiser failed");
  }

  @Test
  void theInitialiserSaysWhereItBeginsAndEnds() throws Exception {
    List<String> calls =
        initialiserCalls(InitialiserOnlyRewrite.wrap(bytes(WrappedInitialisers.Branches.class)));
    // begins once; ends at the one return and in the handler for an exception
    assertThat(calls).containsExactly("initialiserBegins", "initialiserEnds", "initialiserEnds");
    assertThat(initialiserCalls(bytes(WrappedInitialisers.Branches.class))).isEmpty();
  }
}
