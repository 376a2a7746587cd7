package dev.weft.corpus.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.corpus.CorruptFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InterleavingMapTest {
  @TempDir Path dir;

  private static final CodeSite READ = new CodeSite("a.Q", "poll", "Q.java", 12, "read Q.head");
  private static final CodeSite WRITE = new CodeSite("a.Q", "offer", "Q.java", 30, "write Q.head");

  @Test
  void countsEachOrderOfAPairAndSurvivesAWriteAndRead() throws Exception {
    InterleavingMap map = new InterleavingMap();
    int r = map.site(READ);
    int w = map.site(WRITE);
    map.seen(w, r);
    map.seen(w, r);
    map.seen(r, w);
    map.realised(r, w);
    Path file = dir.resolve("w0.json");
    map.write(file);
    assertThat(map.changed()).isFalse();

    List<InterleavingMap.Pair> pairs = InterleavingMap.read(file).pairs();
    assertThat(pairs).hasSize(1);
    InterleavingMap.Pair p = pairs.get(0);
    // sites in CodeSite order: line 12 before line 30
    assertThat(p.a()).isEqualTo(READ);
    assertThat(p.b()).isEqualTo(WRITE);
    assertThat(p.aFirst()).isEqualTo(1);
    assertThat(p.bFirst()).isEqualTo(2);
    assertThat(p.realisedAFirst()).isEqualTo(1);
    assertThat(p.realisedBFirst()).isZero();
    assertThat(p.bothOrders()).isTrue();
    assertThat(p.realised()).isTrue();
  }

  @Test
  void mergesTheWorkersFilesAndWarnsAboutACorruptOneWithoutMovingIt() throws Exception {
    CampaignDirectory campaign = new CampaignDirectory(dir);
    Files.createDirectories(campaign.interleavings());
    InterleavingMap w0 = new InterleavingMap();
    w0.seen(w0.site(WRITE), w0.site(READ));
    w0.write(InterleavingMap.file(campaign, 0));
    InterleavingMap w1 = new InterleavingMap();
    // the other worker numbered its sites the other way round
    int r = w1.site(READ);
    int w = w1.site(WRITE);
    w1.seen(w, r);
    w1.seen(r, w);
    w1.write(InterleavingMap.file(campaign, 1));
    Path broken = InterleavingMap.file(campaign, 2);
    Files.writeString(broken, "{\"format\":\"weft-interleavings\",\"formatVersion\":1,\"sites\":[");

    List<String> warnings = new ArrayList<>();
    InterleavingMap all = InterleavingMap.readAll(campaign, warnings::add);
    assertThat(all.pairs()).hasSize(1);
    assertThat(all.pairs().get(0).bFirst()).isEqualTo(2);
    assertThat(all.pairs().get(0).aFirst()).isEqualTo(1);
    assertThat(warnings).singleElement().asString().contains("w2.json").contains("corrupt");
    assertThat(broken).exists();
  }

  @Test
  void rejectsOtherFilesAndVersionsWithAClearMessage() throws Exception {
    Path other = dir.resolve("other.json");
    Files.writeString(other, "{\"format\":\"weft-campaign\"}");
    assertThatThrownBy(() -> InterleavingMap.read(other))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("not a Weft interleavings file");
    Path newer = dir.resolve("newer.json");
    Files.writeString(newer, "{\"format\":\"weft-interleavings\",\"formatVersion\":9}");
    assertThatThrownBy(() -> InterleavingMap.read(newer))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("version 9");
    Path dangling = dir.resolve("dangling.json");
    Files.writeString(
        dangling,
        "{\"format\":\"weft-interleavings\",\"formatVersion\":1,\"sites\":[],\"pairs\":[{\"a\":0,\"b\":1}]}");
    assertThatThrownBy(() -> InterleavingMap.read(dangling))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("names no site");
  }
}
