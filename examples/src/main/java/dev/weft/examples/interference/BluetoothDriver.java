package dev.weft.examples.interference;

/**
 * Simplified Bluetooth driver model (Qadeer and Wu, KISS): a stop routine can tear the driver down
 * while an I/O is being added.
 *
 * <p>The {@code Adder} thread runs {@link #add()}: it checks {@code stoppingFlag} and, if the
 * driver is not stopping, increments {@code pendingIO} (under {@code lock}); while it holds the I/O
 * it checks that the driver is not {@code stopped}; then it decrements {@code pendingIO} and
 * signals {@code stoppingEvent} if the count reached zero. The {@code Stopper} thread runs {@link
 * #stop()}: it sets {@code stoppingFlag}, drops the driver's own reference ({@code pendingIO--}),
 * signals if the count reached zero, waits for {@code stoppingEvent} and sets {@code stopped}.
 *
 * <p>The bug: the {@code stoppingFlag} check and the increment are not atomic. Failing
 * interleaving: {@code Adder} reads {@code stoppingFlag == false}; {@code Stopper} sets the flag,
 * decrements {@code pendingIO} from 1 to 0, signals, passes its wait and sets {@code stopped =
 * true}; {@code Adder} then increments {@code pendingIO}, sees {@code stopped} and throws an {@link
 * AssertionError}.
 *
 * <p>In every interleaving some decrement brings {@code pendingIO} to 0 and signals, so the program
 * never hangs.
 */
public final class BluetoothDriver {
  private final Object lock = new Object();
  private final Object eventLock = new Object();
  private int pendingIO = 1;
  private boolean stoppingFlag = false;
  private boolean stoppingEvent = false;
  private boolean stopped = false;

  private BluetoothDriver() {}

  void add() {
    int status;
    if (stoppingFlag) {
      status = -1;
    } else {
      synchronized (lock) {
        pendingIO++;
      }
      status = 0;
    }
    if (status == 0) {
      if (stopped) {
        throw new AssertionError("driver stopped while an I/O is in progress");
      }
    }
    int pIO;
    synchronized (lock) {
      pendingIO--;
      pIO = pendingIO;
    }
    if (pIO == 0) {
      signalStoppingEvent();
    }
  }

  void stop() {
    stoppingFlag = true;
    int pIO;
    synchronized (lock) {
      pendingIO--;
      pIO = pendingIO;
    }
    if (pIO == 0) {
      signalStoppingEvent();
    }
    awaitStoppingEvent();
    stopped = true;
  }

  private void signalStoppingEvent() {
    synchronized (eventLock) {
      stoppingEvent = true;
      eventLock.notifyAll();
    }
  }

  private void awaitStoppingEvent() {
    synchronized (eventLock) {
      while (!stoppingEvent) {
        try {
          eventLock.wait();
        } catch (InterruptedException e) {
          throw new RuntimeException(e);
        }
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    BluetoothDriver driver = new BluetoothDriver();
    Thread adder = new Thread(driver::add, "Adder");
    Thread stopper = new Thread(driver::stop, "Stopper");
    adder.start();
    stopper.start();
    adder.join();
    stopper.join();
  }
}
