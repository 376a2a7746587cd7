package dev.weft.targets.fail.fields;

/**
 * A publisher that consults its settings for each of six fields it renders (four reads of immutable
 * configuration per field, nothing else) and then publishes; a checker started before it expects to
 * run before the publication. The bug needs the publisher to go on while the checker is enabled: a
 * scheduler that takes the settings loop for a spin-wait and holds the publisher back never lets
 * it.
 */
public final class ConfiguredPublisher {
  static final class Settings {
    boolean lenient = true;
    int version = 2;
    String prefix = "p";
    String suffix = "s";
  }

  static final class Output {
    int published;
  }

  private ConfiguredPublisher() {}

  public static void main(String[] args) throws InterruptedException {
    Settings settings = new Settings();
    Output out = new Output();
    Thread checker =
        new Thread(
            () -> {
              if (out.published != 0) {
                throw new AssertionError("published before the checker ran: " + out.published);
              }
            });
    Thread publisher =
        new Thread(
            () -> {
              int width = 0;
              for (int field = 0; field < 6; field++) {
                width += settings.lenient ? 1 : 0;
                width += settings.version;
                width += settings.prefix.length();
                width += settings.suffix.length();
              }
              out.published = width;
            });
    checker.start();
    publisher.start();
    checker.join();
    publisher.join();
  }
}
