package dev.weft.runtime.instrument;

import dev.weft.runtime.trace.FieldTable;
import dev.weft.runtime.trace.SiteTable;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.pool.TypePool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Instruments each target class once per process and caches the bytes: every run defines its
 * classes afresh in a new loader (so statics start clean) but never pays for instrumentation twice.
 * Site ids are assigned during instrumentation, so caching also keeps them fixed.
 */
public final class Instrumenter {
  private static final Logger LOG = LoggerFactory.getLogger(Instrumenter.class);

  private final TargetClassPath classPath;
  private final TypeHierarchy types;
  private final SiteTable sites;
  private final FieldTable fields;
  private final ConcurrentHashMap<String, Optional<byte[]>> cache = new ConcurrentHashMap<>();

  public Instrumenter(TargetClassPath classPath, SiteTable sites, FieldTable fields) {
    this.classPath = classPath;
    this.sites = sites;
    this.fields = fields;
    this.types = new TypeHierarchy(TypePool.Default.of(classPath.locator()));
  }

  public SiteTable sites() {
    return sites;
  }

  public FieldTable fields() {
    return fields;
  }

  public TargetClassPath classPath() {
    return classPath;
  }

  /** Instrumented bytes of a target class, or empty if the class is not on the target path. */
  public Optional<byte[]> instrumented(String className) {
    Optional<byte[]> cached = cache.get(className);
    if (cached != null) {
      return cached;
    }
    synchronized (this) {
      return cache.computeIfAbsent(className, this::instrumentNow);
    }
  }

  private Optional<byte[]> instrumentNow(String className) {
    byte[] original = classPath.bytes(className);
    if (original == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(transform(original));
    } catch (RuntimeException e) {
      LOG.warn("could not instrument {}; it runs uncontrolled: {}", className, e.toString());
      return Optional.of(original);
    }
  }

  private byte[] transform(byte[] original) {
    ClassReader reader = new ClassReader(SubroutineInliner.inline(original));
    ClassWriter writer =
        new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
          @Override
          protected String getCommonSuperClass(String type1, String type2) {
            return types.commonSuperClass(type1, type2);
          }
        };
    reader.accept(new ClassInstrumenter(writer, types, sites, fields), ClassReader.SKIP_FRAMES);
    return writer.toByteArray();
  }
}
