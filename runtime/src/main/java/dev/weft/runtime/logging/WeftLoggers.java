package dev.weft.runtime.logging;

import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLogger;

/**
 * Weft's loggers, which stay silent where nobody set up logging. Weft runs inside users' builds
 * ({@code @WeftTest}, the Maven plugin's replays) whose test class path often has SLF4J's API and
 * no provider; asking SLF4J for a logger there prints "No SLF4J providers were found" into the
 * user's build, for Weft's debug lines that nobody would read. So SLF4J is asked only when a
 * provider (SLF4J 2) or binding (SLF4J 1) is on the class path; otherwise the logger is SLF4J's
 * no-operation one, which needs no set-up.
 */
public final class WeftLoggers {
  private static final boolean PROVIDED = providerPresent();

  private WeftLoggers() {}

  public static Logger get(Class<?> owner) {
    return PROVIDED ? LoggerFactory.getLogger(owner) : NOPLogger.NOP_LOGGER;
  }

  private static boolean providerPresent() {
    ClassLoader loader = WeftLoggers.class.getClassLoader();
    try {
      if (ServiceLoader.load(org.slf4j.spi.SLF4JServiceProvider.class, loader).stream()
          .findAny()
          .isPresent()) {
        return true;
      }
    } catch (RuntimeException | LinkageError e) {
      // an unusable provider: let SLF4J say so
      return true;
    }
    try {
      Class.forName("org.slf4j.impl.StaticLoggerBinder", false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
