package dev.weft.targets.jdk;

import java.util.Observable;
import java.util.Observer;

/**
 * Correct: a feed that publishes under its own monitor, while another thread takes an observer off.
 * {@code deleteObserver} is a {@code synchronized} method of {@code Observable}, on the same
 * object, so it cannot run while {@code publish} holds the feed: the count cannot change in
 * between.
 */
@SuppressWarnings("deprecation")
public final class ObservedFeed extends Observable {
  private int published;

  synchronized void publish() {
    int before = countObservers();
    setChanged();
    notifyObservers(++published);
    int after = countObservers();
    if (before != after) {
      throw new AssertionError(
          "observers went from " + before + " to " + after + " while the feed was locked");
    }
  }

  public static void main(String[] args) throws InterruptedException {
    ObservedFeed feed = new ObservedFeed();
    Observer first = (o, value) -> {};
    Observer second = (o, value) -> {};
    feed.addObserver(first);
    feed.addObserver(second);
    Thread publisher = new Thread(feed::publish, "publisher");
    Thread leaver = new Thread(() -> feed.deleteObserver(first), "leaver");
    publisher.start();
    leaver.start();
    publisher.join();
    leaver.join();
  }
}
