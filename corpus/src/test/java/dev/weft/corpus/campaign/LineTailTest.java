package dev.weft.corpus.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineTailTest {
  @TempDir Path dir;

  private static void append(Path file, String text) throws Exception {
    Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Test
  void readsOnlyWhatWasAppendedAndWaitsForTheEndOfALine() throws Exception {
    Path file = dir.resolve("stats.jsonl");
    LineTail tail = new LineTail(file, false);
    assertThat(tail.newLines()).isEmpty();
    append(file, "one\ntw");
    assertThat(tail.newLines()).containsExactly(new LineTail.Line(1, "one"));
    assertThat(tail.newLines()).isEmpty();
    append(file, "o\nthree\n");
    assertThat(tail.newLines())
        .containsExactly(new LineTail.Line(2, "two"), new LineTail.Line(3, "three"));
    assertThat(tail.restarted()).isFalse();
  }

  @Test
  void startsFromTheEndWhenAskedAndAgainFromTheStartOfAReplacedFile() throws Exception {
    Path file = dir.resolve("stats.jsonl");
    append(file, "old 1\nold 2\n");
    LineTail tail = new LineTail(file, true);
    append(file, "new\n");
    assertThat(tail.newLines()).extracting(LineTail.Line::text).containsExactly("new");
    Files.writeString(file, "x\n");
    assertThat(tail.newLines()).containsExactly(new LineTail.Line(1, "x"));
    assertThat(tail.restarted()).isTrue();
    assertThat(tail.restarted()).isFalse();
  }
}
