package dev.weft.fuzz.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import org.junit.jupiter.api.Test;

class AddOpensHintTest {
  private static Failure failure(String message, String details) {
    return new Failure(FindingKind.EXCEPTION, "main", message, details, "sig");
  }

  @Test
  void namesTheModuleAndPackageOfARefusalAnywhereInTheCauseChain() {
    String details =
        "java.lang.RuntimeException: proxy generation failed\n"
            + "\tat com.acme.Mocks.create(Mocks.java:10)\n"
            + "Caused by: java.lang.reflect.InaccessibleObjectException: Unable to make protected"
            + " final java.lang.Class java.lang.ClassLoader.defineClass(java.lang.String,byte[],int,int)"
            + " throws java.lang.ClassFormatError accessible: module java.base does not \"opens"
            + " java.lang\" to unnamed module @6d06d69c\n"
            + "\tat java.base/java.lang.reflect.AccessibleObject.checkCanSetAccessible(...)\n";
    assertThat(AddOpensHint.of(failure("uncaught java.lang.RuntimeException", details)))
        .contains("--jvm-opt --add-opens=java.base/java.lang=ALL-UNNAMED");
  }

  @Test
  void aPublicMemberOfAPackageNotExportedIsOpenedToo() {
    String message =
        "uncaught java.lang.reflect.InaccessibleObjectException: Unable to make public void"
            + " sun.nio.ch.Util.x() accessible: module java.base does not \"exports sun.nio.ch\""
            + " to unnamed module @1b2c3d in thread main";
    assertThat(AddOpensHint.of(failure(message, null)))
        .contains("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
  }

  @Test
  void otherFailuresHaveNoHint() {
    assertThat(AddOpensHint.of(failure("uncaught java.lang.IllegalStateException: x", "x")))
        .isNull();
  }
}
