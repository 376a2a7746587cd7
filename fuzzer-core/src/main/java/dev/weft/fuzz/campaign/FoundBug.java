package dev.weft.fuzz.campaign;

import dev.weft.runtime.oracle.Failure;
import java.nio.file.Path;

/** One distinct finding of a campaign (one signature), with where and when it was first seen. */
public final class FoundBug {
  final String id;
  final Failure failure;
  final long firstExecution;
  final double secondsToFind;
  final Path file;
  long occurrences = 1;

  FoundBug(String id, Failure failure, long firstExecution, double secondsToFind, Path file) {
    this.id = id;
    this.failure = failure;
    this.firstExecution = firstExecution;
    this.secondsToFind = secondsToFind;
    this.file = file;
  }

  public String id() {
    return id;
  }

  public Failure failure() {
    return failure;
  }

  public long firstExecution() {
    return firstExecution;
  }

  /**
   * Seconds from the campaign's start to the end of the run that first found it: its minimisation,
   * and the minimisations of findings before it, excluded.
   */
  public double secondsToFind() {
    return secondsToFind;
  }

  public Path file() {
    return file;
  }

  public long occurrences() {
    return occurrences;
  }
}
