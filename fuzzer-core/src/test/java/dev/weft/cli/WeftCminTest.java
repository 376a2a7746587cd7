package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusEntryFile;
import dev.weft.corpus.campaign.CorpusStore;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code weft cmin} on the corpus of a real (short) campaign, end to end. */
class WeftCminTest extends CliTestSupport {

  private Path campaign() {
    Path corpus = dir.resolve("campaign");
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            "dev.weft.examples.juc.BoundedBufferIfFixed",
            "--cp",
            examples(),
            "--corpus",
            corpus.toString(),
            "--seed",
            "3",
            "--iterations",
            "80",
            "--quiet");
    assertThat(code).as(stderr()).isZero();
    return corpus;
  }

  private static List<CorpusEntry> entries(Path campaign) throws Exception {
    List<CorpusEntry> out = new ArrayList<>();
    for (Path f : CorpusStore.entryFiles(campaign.resolve("corpus"))) {
      out.add(CorpusEntryFile.read(f));
    }
    return out;
  }

  private static LongOpenHashSet keys(List<CorpusEntry> entries) {
    LongOpenHashSet keys = new LongOpenHashSet();
    entries.forEach(e -> keys.addAll(LongArrayList.wrap(e.coverageKeys())));
    return keys;
  }

  private static long bytes(Path folder) throws java.io.IOException {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(folder)) {
      long sum = 0;
      for (Path f : files.toList()) {
        sum += java.nio.file.Files.size(f);
      }
      return sum;
    }
  }

  /** Runs cmin and returns {entries before, after, keys before, after}. */
  private int[] cmin(Path from, Path to) {
    clearOutput();
    assertThat(WeftCli.execute("cmin", "--corpus", from.toString(), "--out", to.toString()))
        .as(stderr())
        .isZero();
    Matcher entries = Pattern.compile("entries +(\\d+) -> (\\d+)").matcher(stdout());
    Matcher keys = Pattern.compile("keys +([\\d,]+) -> ([\\d,]+)").matcher(stdout());
    assertThat(entries.find() && keys.find()).as(stdout()).isTrue();
    return new int[] {
      Integer.parseInt(entries.group(1)),
      Integer.parseInt(entries.group(2)),
      Integer.parseInt(keys.group(1).replace(",", "")),
      Integer.parseInt(keys.group(2).replace(",", ""))
    };
  }

  @Test
  void keepsTheConfirmedKeysWithFewerEntriesIsIdempotentAndResumes() throws Exception {
    Path corpus = campaign();
    List<CorpusEntry> before = entries(corpus);
    assertThat(before).hasSizeGreaterThan(2);

    Path min = dir.resolve("min");
    int[] first = cmin(corpus, min);
    assertThat(first[0]).isEqualTo(before.size());
    assertThat(first[1]).isLessThanOrEqualTo(first[0]).isPositive();
    assertThat(first[3]).isEqualTo(first[2]);
    assertThat(stdout()).doesNotContain("not reproduced");
    List<CorpusEntry> after = entries(min);
    assertThat(after).hasSize(first[1]);
    LongOpenHashSet kept = keys(after);
    assertThat(kept).hasSize(first[2]).containsAll(keys(before));
    // every key is written once, so the output is no larger than the input
    assertThat(after.stream().mapToInt(e -> e.coverageKeys().length).sum()).isEqualTo(first[2]);
    assertThat(bytes(min.resolve("corpus"))).isLessThanOrEqualTo(bytes(corpus.resolve("corpus")));

    Path again = dir.resolve("again");
    int[] second = cmin(min, again);
    assertThat(second).containsExactly(first[1], first[1], first[2], first[2]);
    List<CorpusEntry> twice = entries(again);
    assertThat(twice.stream().map(CorpusEntry::id))
        .isEqualTo(after.stream().map(CorpusEntry::id).toList());
    for (int i = 0; i < twice.size(); i++) {
      assertThat(twice.get(i).coverageKeys()).isEqualTo(after.get(i).coverageKeys());
    }

    clearOutput();
    assertThat(WeftCli.execute("status", min.toString(), "--json")).isZero();
    var status = new ObjectMapper().readTree(stdout());
    assertThat(status.get("corpusEntries").asInt()).isEqualTo(first[1]);
    assertThat(status.get("coverageKeys").asInt()).isEqualTo(first[2]);
    clearOutput();
    assertThat(WeftCli.execute("fuzz", "--corpus", min.toString(), "--iterations", "10", "--quiet"))
        .as(stderr())
        .isZero();
  }

  @Test
  void anEntryWhoseKeysDoNotComeBackIsReportedAndSetAside() throws Exception {
    Path corpus = campaign();
    List<CorpusEntry> before = entries(corpus);
    CorpusEntry victim = before.get(before.size() - 1);
    long[] altered = Arrays.copyOf(victim.coverageKeys(), victim.coverageKeys().length + 1);
    altered[altered.length - 1] = 0x5eed_f00d_dead_beefL;
    CorpusEntryFile.write(
        new CorpusEntry(
            victim.worker(),
            victim.execution(),
            victim.input(),
            victim.decisions(),
            altered,
            victim.executionNanos(),
            victim.strategy(),
            victim.parent(),
            victim.session(),
            victim.wallTimeMillis()),
        corpus.resolve("corpus").resolve(victim.id() + CorpusEntryFile.SUFFIX));

    Path min = dir.resolve("min");
    int[] counts = cmin(corpus, min);
    assertThat(stdout())
        .contains("not reproduced: 1 entry")
        .contains(
            victim.id() + ": 1 of its " + altered.length + " recorded keys did not come back");
    assertThat(counts[3]).isEqualTo(counts[2]);
    assertThat(min.resolve("quarantine").resolve(victim.id() + CorpusEntryFile.SUFFIX)).exists();
    assertThat(entries(min).stream().map(CorpusEntry::id)).doesNotContain(victim.id());
  }

  @Test
  void aMissingCorpusOrAnOutputInUseIsRefusedWithExitTwo() throws Exception {
    Path out = dir.resolve("out");
    assertThat(
            WeftCli.execute(
                "cmin", "--corpus", dir.resolve("none").toString(), "--out", out.toString()))
        .isEqualTo(2);
    assertThat(stderr()).contains("does not exist");
    assertThat(out).doesNotExist();

    Path corpus = campaign();
    Files.createDirectories(out);
    Files.writeString(out.resolve("keep"), "mine");
    clearOutput();
    assertThat(WeftCli.execute("cmin", "--corpus", corpus.toString(), "--out", out.toString()))
        .isEqualTo(2);
    assertThat(stderr()).contains("is not empty");
    assertThat(Files.readString(out.resolve("keep"))).isEqualTo("mine");
  }
}
