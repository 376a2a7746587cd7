package dev.weft.fuzz.cluster;

import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryMergedListener;
import com.hazelcast.map.listener.EntryUpdatedListener;
import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.fuzz.exchange.CampaignExchange.Claim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

/**
 * Who writes each finding in the cluster, so that a bug is written once however many members run
 * into it and however often they are restarted. A finding is claimed in a map with {@code
 * putIfAbsent} before it is written, by the member's address, and marked written after; a claim
 * whose member is gone before it wrote the finding is taken over by the next member that sees it.
 *
 * <p>The map lives only as long as one member runs, so the claims marked written are kept on disk
 * too: each member records in its directory the findings the others wrote ({@link
 * WrittenElsewhere}), learnt as its claims are refused or as the map tells of them, and on joining
 * puts back into the map the findings its directory holds and those it knows the others wrote. A
 * cluster restarted whole thus still knows every finding it wrote, whichever member comes first.
 *
 * <p>What this member knows of the others' claims is kept here as well, so that a finding another
 * member writes is recognised without asking the cluster ({@link #holder}).
 */
final class FindingClaims
    implements EntryAddedListener<String, String>,
        EntryUpdatedListener<String, String>,
        EntryMergedListener<String, String> {
  static final String CLAIMS = "weft.claims";
  private static final String WRITTEN = "written by ";

  private final HazelcastInstance hz;
  private final IMap<String, String> claims;
  private final String self;
  private final WrittenElsewhere record;

  /** The holders of the claims known to be another's, as {@code member HOST:PORT}. */
  private final Map<String, String> holders = new ConcurrentHashMap<>();

  /** Findings the map says another member wrote, not yet recorded on disk: id and writer. */
  private final ConcurrentLinkedQueue<String[]> toRecord = new ConcurrentLinkedQueue<>();

  private final UUID listener;

  /**
   * @param self the address of the member this process belongs to (a pool worker's is its member's)
   */
  FindingClaims(HazelcastInstance hz, String self, Path campaign) throws IOException {
    this.hz = hz;
    this.claims = hz.getMap(CLAIMS);
    this.self = self;
    this.record = new WrittenElsewhere(campaign);
    record.load().forEach((id, writer) -> learn(id, writer, false));
    this.listener = claims.addEntryListener(this, true);
  }

  /**
   * Puts into the cluster's map, as written, the findings of a member's directory and those it
   * recorded as written by the others, unless the map has a claim to them already.
   */
  static void publish(HazelcastInstance hz, Path campaign, String self) throws IOException {
    IMap<String, String> claims = hz.getMap(CLAIMS);
    for (String id : writtenHere(new CampaignDirectory(campaign).findings())) {
      claims.putIfAbsent(id, WRITTEN + self);
    }
    for (Map.Entry<String, String> e : new WrittenElsewhere(campaign).load().entrySet()) {
      claims.putIfAbsent(e.getKey(), WRITTEN + e.getValue());
    }
  }

  private static List<String> writtenHere(Path findings) throws IOException {
    if (!Files.isDirectory(findings)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(findings)) {
      return files
          .filter(p -> p.toString().endsWith(".weft") && !FindingFiles.isOriginal(p))
          .map(p -> p.getFileName().toString().replaceFirst("\\.weft$", ""))
          .toList();
    }
  }

  /** Who holds the claim to a finding, if another member does as far as is known here; no I/O. */
  String holder(String findingId) {
    return holders.get(findingId);
  }

  /**
   * Claims a finding for this member; a claim another member holds (written, or not yet and its
   * member alive) is refused, a written one is recorded on disk at once.
   *
   * @throws RuntimeException when the cluster cannot be asked
   */
  Claim claim(String findingId) throws IOException {
    String holder = holders.get(findingId);
    if (holder != null) {
      return new Claim(holder);
    }
    String previous = claims.putIfAbsent(findingId, self);
    while (previous != null && !previous.equals(self) && !previous.equals(WRITTEN + self)) {
      if (previous.startsWith(WRITTEN)) {
        String writer = previous.substring(WRITTEN.length());
        record.record(findingId, writer);
        return new Claim(learn(findingId, writer, false));
      }
      if (alive(previous)) {
        return new Claim(learn(findingId, previous, false));
      }
      if (claims.replace(findingId, previous, self)) {
        break; // its member died before it wrote the finding
      }
      previous = claims.putIfAbsent(findingId, self);
    }
    return Claim.OURS;
  }

  /** Marks a finding this member claimed as written, for good. */
  void written(String findingId) {
    claims.set(findingId, WRITTEN + self);
  }

  /** Records on disk the findings the map said the others wrote since the last call. */
  void keep() throws IOException {
    for (String[] w = toRecord.poll(); w != null; w = toRecord.poll()) {
      record.record(w[0], w[1]);
    }
  }

  void close() {
    claims.removeEntryListener(listener);
  }

  @Override
  public void entryAdded(EntryEvent<String, String> event) {
    heard(event);
  }

  @Override
  public void entryUpdated(EntryEvent<String, String> event) {
    heard(event);
  }

  @Override
  public void entryMerged(EntryEvent<String, String> event) {
    heard(event);
  }

  /** A claim marked written by another member: known at once, recorded on disk at {@link #keep}. */
  private void heard(EntryEvent<String, String> event) {
    String value = event.getValue();
    if (value != null && value.startsWith(WRITTEN)) {
      learn(event.getKey(), value.substring(WRITTEN.length()), true);
    }
  }

  /** Notes that {@code member} holds a finding's claim, unless it is this member; its holder. */
  private String learn(String findingId, String member, boolean toBeRecorded) {
    if (member.equals(self)) {
      return null;
    }
    String holder = "member " + member;
    holders.put(findingId, holder);
    if (toBeRecorded) {
      toRecord.add(new String[] {findingId, member});
    }
    return holder;
  }

  private boolean alive(String address) {
    return hz.getCluster().getMembers().stream()
        .anyMatch(m -> ClusterExchange.address(m).equals(address));
  }
}
