package dev.weft.targets.pass.varhandle;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Reads of a final field through a handle: like its plain reads, they cannot race. */
public class FinalFieldHandle {
  private final int size;

  private static final VarHandle SIZE;

  static {
    try {
      SIZE = MethodHandles.lookup().findVarHandle(FinalFieldHandle.class, "size", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  FinalFieldHandle(int size) {
    this.size = size;
  }

  public static void main(String[] args) throws InterruptedException {
    FinalFieldHandle f = new FinalFieldHandle(7);
    Runnable body = () -> check((int) SIZE.getVolatile(f) == 7, "size changed");
    joinAll(startAll(body, body));
  }
}
