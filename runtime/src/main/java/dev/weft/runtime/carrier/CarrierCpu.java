package dev.weft.runtime.carrier;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.weft.runtime.logging.WeftLoggers;
import java.util.Arrays;
import org.slf4j.Logger;

/**
 * Keeps the platform carriers of this process on one processor. A run is serialized, so its
 * carriers never need two processors; but the operating system wakes a parked thread on an idle
 * processor, and on a virtual machine such a cross-processor wake-up costs tens of microseconds
 * where a switch on one processor costs a few. Measured on a two-processor machine: a random walk
 * of a 100-thread program made 33 runs/s with carriers free to move and 168 with them pinned (PCT
 * 183 and 412). The JIT compiler, the collector and Weft's own analysis stay free to use the
 * others.
 *
 * <p>Linux only (through JNA's {@code sched_setaffinity}); elsewhere, with a single usable
 * processor, or with {@code -Dweft.carrierCpu=off}, carriers are left where the system puts them.
 * {@code -Dweft.carrierCpu=N} picks the Nth usable processor counted from the last (modulo their
 * number): a pool gives each worker process its own. A carrier abandoned in an endless loop gets
 * the process's processors back, so that it does not take half the pinned one from every later run.
 */
public final class CarrierCpu {
  private static final Logger LOG = WeftLoggers.get(CarrierCpu.class);

  /** glibc's {@code cpu_set_t}: 1024 bits. */
  private static final int SET_BYTES = 128;

  /** The C library calls used; bound by JNA. */
  public interface LibC extends Library {
    int sched_getaffinity(int tid, int size, byte[] mask);

    int sched_setaffinity(int tid, int size, byte[] mask);

    int gettid();
  }

  private static final String SETTING = System.getProperty("weft.carrierCpu", "0");
  private static final LibC LIBC = load();
  private static final int[] USABLE = processorsOf(0);

  /**
   * What the JDK counts for the process (its affinity, cgroup limits, {@code
   * -XX:ActiveProcessorCount}), asked before any carrier is pinned: on a pinned one it says 1.
   */
  private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();

  private static final int CPU = USABLE == null ? -1 : choose(USABLE, SETTING);

  private CarrierCpu() {}

  /** The processor carriers run on, or -1 if they are not pinned. */
  public static int pinned() {
    return CPU;
  }

  /** What {@code Runtime.availableProcessors()} said before any carrier was pinned. */
  public static int processors() {
    return PROCESSORS;
  }

  /** The processors this process may use, or null where that cannot be asked. */
  static int[] usable() {
    return USABLE == null ? null : USABLE.clone();
  }

  /**
   * Pins the calling carrier to the carriers' processor; returns its kernel thread id (to {@link
   * #letGo} it later), or 0 if it was not pinned.
   */
  public static int pinCurrent() {
    if (CPU < 0) {
      return 0;
    }
    try {
      if (LIBC.sched_setaffinity(0, SET_BYTES, mask(new int[] {CPU})) != 0) {
        return 0;
      }
      return LIBC.gettid();
    } catch (Throwable e) { // gettid needs glibc 2.30; without it the carrier stays pinned
      return 0;
    }
  }

  /** Gives the carrier with kernel thread id {@code tid} every processor of the process again. */
  static void letGo(int tid) {
    if (tid > 0 && CPU >= 0) {
      LIBC.sched_setaffinity(tid, SET_BYTES, mask(USABLE));
    }
  }

  /**
   * The processors thread {@code tid} (0: the calling thread) may run on, in increasing order, or
   * null where that cannot be asked.
   */
  static int[] processorsOf(int tid) {
    if (LIBC == null) {
      return null;
    }
    byte[] mask = new byte[SET_BYTES];
    try {
      if (LIBC.sched_getaffinity(tid, SET_BYTES, mask) != 0) {
        return null;
      }
    } catch (Throwable e) {
      return null;
    }
    int[] cpus = new int[SET_BYTES * 8];
    int n = 0;
    for (int i = 0; i < SET_BYTES * 8; i++) {
      if ((mask[i / 8] & (1 << (i % 8))) != 0) {
        cpus[n++] = i;
      }
    }
    return Arrays.copyOf(cpus, n);
  }

  /**
   * The processor for carriers among {@code usable} (increasing) by {@code setting}: {@code off},
   * or N for the Nth counted from the last, modulo their number; -1 for none (also with fewer than
   * two: pinned to the only one, carriers would take it from the compiler and the collector).
   */
  static int choose(int[] usable, String setting) {
    if (usable.length < 2 || setting.equals("off")) {
      return -1;
    }
    int n;
    try {
      n = Integer.parseInt(setting.trim());
    } catch (NumberFormatException e) {
      LOG.warn("-Dweft.carrierCpu takes off or a number, not {}; carriers not pinned", setting);
      return -1;
    }
    return usable[usable.length - 1 - Math.floorMod(n, usable.length)];
  }

  private static LibC load() {
    if (!Platform.isLinux() || SETTING.equals("off") || !nativeAccessEnabled()) {
      return null;
    }
    try {
      return Native.load("c", LibC.class);
    } catch (Throwable e) {
      LOG.info("carriers not pinned to a processor: {}", e.toString());
      return null;
    }
  }

  /**
   * Whether this JVM lets Weft's module call native code without a warning: always before JDK 22;
   * from 22, only with {@code --enable-native-access} (weft.jar's manifest and the Maven plugin's
   * JVM give it). A user's own test JVM ({@code @WeftTest}) usually does not, and pinning, which
   * only makes carriers cheaper to switch, is not worth a warning in the user's build.
   */
  private static boolean nativeAccessEnabled() {
    if (Runtime.version().feature() < 22) {
      return true;
    }
    try {
      Module module = CarrierCpu.class.getModule();
      return (boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(module);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }

  private static byte[] mask(int[] cpus) {
    byte[] mask = new byte[SET_BYTES];
    for (int cpu : cpus) {
      mask[cpu / 8] |= (byte) (1 << (cpu % 8));
    }
    return mask;
  }
}
