package dev.weft.fuzz.campaign;

import dev.weft.runtime.oracle.Failure;
import java.nio.file.Path;

/** One distinct finding of a campaign (one signature), with where and when it was first seen. */
public final class FoundBug {
  final String id;
  final Failure failure;
  final long firstExecution;
  final Path file;
  long occurrences = 1;

  FoundBug(String id, Failure failure, long firstExecution, Path file) {
    this.id = id;
    this.failure = failure;
    this.firstExecution = firstExecution;
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

  public Path file() {
    return file;
  }

  public long occurrences() {
    return occurrences;
  }
}
