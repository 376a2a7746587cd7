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

  @Test
  void handsOverALongFileInPiecesWithNoLineLostOrCut() throws Exception {
    Path file = dir.resolve("stats.jsonl");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      text.append("line number ").append(i).append('\n');
    }
    append(file, text.toString());
    LineTail tail = new LineTail(file, false, 100);
    java.util.List<String> all = new java.util.ArrayList<>();
    java.util.List<LineTail.Line> batch;
    int calls = 0;
    do {
      batch = tail.newLines();
      batch.forEach(l -> all.add(l.text()));
      calls++;
    } while (!batch.isEmpty());
    assertThat(calls).isGreaterThan(100);
    assertThat(all).hasSize(1000);
    assertThat(all.get(999)).isEqualTo("line number 999");
    assertThat(all).allMatch(l -> l.matches("line number \\d+"));
  }
}
