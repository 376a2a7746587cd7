package dev.weft.examples.atomicity;

/**
 * An atomicity violation despite every method being {@code synchronized}: the circle's invariant
 * {@code c == 2 * PI * r} is broken between two synchronized calls.
 *
 * <p>Thread {@code A} calls {@code setRadius(2.0)} and then {@code updateCircumference()}; thread
 * {@code B} calls {@code getArea()} ({@code 0.5 * c * r}) and then {@code getRadius()} and checks
 * {@code area == PI * radius * radius}. The circle starts with {@code r = 1.0}. Failing
 * interleavings: {@code B}'s {@code getArea()} runs between {@code A}'s two calls (area {@code 2 *
 * PI} with the new radius 2), or {@code B}'s {@code getArea()} runs before {@code setRadius} and
 * its {@code getRadius()} after it (area {@code PI}, radius 2). Radii 1 and 2 are powers of two, so
 * the floating-point arithmetic is exact and a consistent snapshot always passes the equality
 * check.
 */
public final class CircleRace {
  private CircleRace() {}

  /** A circle whose methods are individually atomic. */
  static final class Circle {
    private double r;
    private double c;

    Circle(double r) {
      this.r = r;
      this.c = 2 * Math.PI * r;
    }

    synchronized void setRadius(double r) {
      this.r = r;
    }

    synchronized void updateCircumference() {
      c = 2 * Math.PI * r;
    }

    synchronized double getArea() {
      return 0.5 * c * r;
    }

    synchronized double getRadius() {
      return r;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Circle circle = new Circle(1.0);
    Thread a =
        new Thread(
            () -> {
              circle.setRadius(2.0);
              circle.updateCircumference();
            },
            "A");
    Thread b =
        new Thread(
            () -> {
              double area = circle.getArea();
              double radius = circle.getRadius();
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
