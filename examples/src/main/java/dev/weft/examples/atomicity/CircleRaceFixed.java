package dev.weft.examples.atomicity;

/**
 * Correct twin of {@link CircleRace}: the circle offers one {@code synchronized} method that sets
 * {@code r} and {@code c} together, and one {@code synchronized} method that returns area and
 * radius as a consistent snapshot.
 *
 * <p>Why it cannot fail: the invariant {@code c == 2 * PI * r} holds after construction and after
 * every synchronized method, and the snapshot is taken entirely under the monitor, so {@code B}
 * sees either {@code (r, c) = (1, 2 PI)} or {@code (2, 4 PI)}. For these power-of-two radii {@code
 * 0.5 * (2 * PI * r) * r == PI * r * r} holds exactly in floating point. Each thread takes one
 * monitor at a time, so the program cannot deadlock.
 */
public final class CircleRaceFixed {
  private CircleRaceFixed() {}

  /** A circle whose compound operations are atomic. */
  static final class Circle {
    private double r;
    private double c;

    Circle(double r) {
      this.r = r;
      this.c = 2 * Math.PI * r;
    }

    synchronized void setRadiusAndUpdateCircumference(double r) {
      this.r = r;
      c = 2 * Math.PI * r;
    }

    /** Returns {@code {area, radius}} as one consistent snapshot. */
    synchronized double[] getAreaAndRadius() {
      return new double[] {0.5 * c * r, r};
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Circle circle = new Circle(1.0);
    Thread a = new Thread(() -> circle.setRadiusAndUpdateCircumference(2.0), "A");
    Thread b =
        new Thread(
            () -> {
              double[] snapshot = circle.getAreaAndRadius();
              double area = snapshot[0];
              double radius = snapshot[1];
              if (area != Math.PI * radius * radius) {
                throw new AssertionError(
                    "area " + area + " does not belong to radius " + radius + ": torn update");
              }
            },
            "B");
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
