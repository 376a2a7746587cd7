package dev.weft.runtime.jdk.inside;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Which of the JDK's classes get their inner steps as points, and of what kind each step is. */
class JdkLockFreeRewriterTest {
  @Test
  void theLockFreeCollectionsAndTheirNestedClassesAreRewrittenAndNothingElse() {
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/ConcurrentLinkedQueue")).isTrue();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/ConcurrentLinkedQueue$Node"))
        .isTrue();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/ConcurrentLinkedDeque$Itr"))
        .isTrue();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/ConcurrentHashMap")).isTrue();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/ConcurrentHashMap$Traverser"))
        .isTrue();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/LinkedTransferQueue")).isTrue();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/LinkedBlockingQueue")).isFalse();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/HashMap")).isFalse();
    assertThat(JdkLockFreeRewriter.rewrites("java/util/concurrent/ConcurrentLinkedQueueX"))
        .isFalse();
  }

  @Test
  void varHandleMethodsAreReadsWritesOrUpdates() {
    assertThat(JdkLockFreeRewriter.kindOf("getAcquire")).isEqualTo(JdkLockFreeRewriter.READ);
    assertThat(JdkLockFreeRewriter.kindOf("setRelease")).isEqualTo(JdkLockFreeRewriter.WRITE);
    assertThat(JdkLockFreeRewriter.kindOf("compareAndSet")).isEqualTo(JdkLockFreeRewriter.UPDATE);
    assertThat(JdkLockFreeRewriter.kindOf("weakCompareAndSetRelease"))
        .isEqualTo(JdkLockFreeRewriter.UPDATE);
    assertThat(JdkLockFreeRewriter.kindOf("getAndSet")).isEqualTo(JdkLockFreeRewriter.UPDATE);
    assertThat(JdkLockFreeRewriter.kindOf("accessModeType")).isEqualTo(-1);
    // the hash map's Unsafe accesses
    assertThat(JdkLockFreeRewriter.kindOf("getReferenceAcquire"))
        .isEqualTo(JdkLockFreeRewriter.READ);
    assertThat(JdkLockFreeRewriter.kindOf("putReferenceRelease"))
        .isEqualTo(JdkLockFreeRewriter.WRITE);
    assertThat(JdkLockFreeRewriter.kindOf("compareAndSetReference"))
        .isEqualTo(JdkLockFreeRewriter.UPDATE);
    assertThat(JdkLockFreeRewriter.kindOf("objectFieldOffset")).isEqualTo(-1);
  }

  @Test
  void theJdksOwnQueueIsRewrittenWithItsStepsCallingTheBridge() throws Exception {
    byte[] original;
    try (InputStream in =
        Files.newInputStream(
            FileSystems.getFileSystem(URI.create("jrt:/"))
                .getPath("/modules/java.base/java/util/concurrent/ConcurrentLinkedQueue.class"))) {
      original = in.readAllBytes();
    }
    byte[] rewritten = InstrumentedJdk.rewrite(original, false);
    assertThat(rewritten).isNotNull();
    assertThat(new String(rewritten, java.nio.charset.StandardCharsets.ISO_8859_1))
        .contains("sharedAccess");
  }
}
