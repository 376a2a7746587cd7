package dev.weft.fuzz.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.EntryEvent;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import com.hazelcast.map.listener.EntryMergedListener;
import dev.weft.corpus.AtomicFiles;
import dev.weft.corpus.CorruptFileException;
import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusEntryFile;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.fuzz.exchange.CampaignExchange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * A session's share in a cluster: what {@link CampaignExchange} asks, over Hazelcast. Entries
 * travel as their files' bytes, keyed by a digest of those bytes (so the same entry is one key
 * wherever it comes from, and this class needs not know the format); a member writes the others'
 * entries to {@code DIR/cluster/}, its durable record of them, and takes them in from there. A
 * member is told of each entry as it is written (a listener on the map) and takes it in before its
 * next run ({@link #hasArrivals}).
 *
 * <p>Coverage keys travel inside the entries; there is no map of keys to the entry that first
 * reached them. Measured on a program whose coverage grows for minutes (3 members, 3 minutes),
 * taking entries in as they are announced left 0.7% of the entries with every key reached first by
 * another member, which is all a key map consulted before each write could spare, for a round trip
 * per entry and a write per key (taken in every 5 s instead, it was 25%). A finding is claimed
 * before it is written, so that it is written once in the cluster, for good ({@link
 * FindingClaims}). Pool workers take part through their member, as clients, with its address.
 *
 * <p>Sightings of a finding another member claimed are counted here and sent with each stats line
 * to a map of finding ids to the sightings waiting for their writer; a process that wrote the
 * finding (the member or one of its workers) takes them off the map (an atomic remove, so each is
 * taken once) into its {@code findings/*.json}. The count there is so the cluster's, and each
 * member's directory stays its own record: its entries, the entries it took in, the findings it
 * wrote. Sightings waiting while their writer is away are taken when it rejoins, unless the whole
 * cluster stopped meanwhile.
 *
 * <p>The cluster's troubles never stop the session: a call that fails is said once, a claim that
 * cannot be made counts as this member's (a finding written twice beats one lost), and fuzzing goes
 * on.
 */
public final class ClusterExchange implements CampaignExchange {
  static final String ENTRIES = "weft.entries";
  static final String SIGHTINGS = "weft.sightings";

  /** The directory of a campaign that holds the entries other members found. */
  public static Path importDirectory(Path campaign) {
    return new CampaignDirectory(campaign).cluster();
  }

  private final HazelcastInstance hz;
  private final String name;
  private final String self;
  private final CampaignExchange local;
  private final Path importDir;
  private final Path corpus;
  private final Quarantine quarantine;
  private final Consumer<String> messages;
  private final IMap<String, byte[]> entries;
  private final FindingClaims claims;
  private final IMap<String, Long> sightings;
  private final Map<String, Long> unsentSightings = new HashMap<>();
  private final Set<String> known = ConcurrentHashMap.newKeySet();
  private final Queue arrived = new Queue();

  /**
   * Entries can reach the cluster's map without an event here: those of members that formed a
   * cluster of their own first and merged into this one later, or that arrived while this member's
   * listener was being registered. The keys are listed again when the membership changes, and at
   * least every {@link #RESCAN_NANOS}.
   */
  private static final long RESCAN_NANOS = 10_000_000_000L;

  private volatile boolean membershipChanged;
  private long lastScan = System.nanoTime();
  private final Set<String> membersSeen = ConcurrentHashMap.newKeySet();
  private final UUID entryListener;
  private final UUID membershipListener;
  private List<SharedEntry> restored;
  private long imported;
  private long exported;
  private int membersSeenBefore;
  private boolean troubleSaid;
  private boolean diskTroubleSaid;

  /**
   * Joins the exchange: the entries imported in earlier sessions are taken in at the first {@link
   * #receive}, with every entry the cluster holds that this member has not.
   *
   * @param hz a member, or a pool worker's client of its member; closed with this exchange
   * @param self the address of the member this process belongs to
   * @param local the exchange among this member's own workers
   * @param campaign the campaign directory
   * @param messages where troubles with the cluster are said
   */
  public ClusterExchange(
      HazelcastInstance hz,
      String name,
      String self,
      CampaignExchange local,
      Path campaign,
      Quarantine quarantine,
      Consumer<String> messages)
      throws IOException {
    this.hz = hz;
    this.name = name;
    this.self = self;
    this.local = local;
    this.importDir = importDirectory(campaign);
    this.corpus = new CampaignDirectory(campaign).corpus();
    this.quarantine = quarantine;
    this.messages = messages;
    this.entries = hz.getMap(ENTRIES);
    this.claims = new FindingClaims(hz, self, campaign);
    this.sightings = hz.getMap(SIGHTINGS);
    Files.createDirectories(importDir);
    // the campaign's own entries, written by an earlier JVM of this worker (one replaced after a
    // run that could not be stopped), another worker of the pool or an earlier session, are loaded
    // with the campaign: the cluster holds them too (published as they were written, and again when
    // the member joined), and they are not to be taken in as another member's
    for (Path file : CorpusStore.entryFiles(corpus)) {
      known.add(digest(Files.readAllBytes(file)));
    }
    restored = new ArrayList<>();
    for (Path file : CorpusStore.entryFiles(importDir)) {
      String key = file.getFileName().toString().replace(CorpusEntryFile.SUFFIX, "");
      known.add(key);
      SharedEntry e = read(key, file);
      if (e != null) {
        restored.add(e);
      }
    }
    this.membershipListener =
        hz.getCluster()
            .addMembershipListener(
                new MembershipListener() {
                  @Override
                  public void memberAdded(MembershipEvent event) {
                    membersSeen.add(address(event.getMember()));
                    membershipChanged = true;
                  }

                  @Override
                  public void memberRemoved(MembershipEvent event) {}
                });
    hz.getCluster().getMembers().forEach(m -> membersSeen.add(address(m)));
    this.entryListener = entries.addEntryListener(arrived, false);
    arrived.addAll(entries.keySet());
  }

  /**
   * Publishes every entry of a member's campaign directory, its own and those it imported before,
   * so that the cluster's corpus lasts as long as one member's directory does, and the findings
   * written in the cluster as far as the directory knows them ({@link FindingClaims#publish}).
   */
  public static void publishDirectory(HazelcastInstance hz, Path campaign, Path corpus)
      throws IOException {
    Map<String, byte[]> all = new HashMap<>();
    List<Path> files = new ArrayList<>(CorpusStore.entryFiles(corpus));
    files.addAll(CorpusStore.entryFiles(importDirectory(campaign)));
    for (Path file : files) {
      byte[] bytes = Files.readAllBytes(file);
      all.put(digest(bytes), bytes);
    }
    IMap<String, byte[]> entries = hz.getMap(ENTRIES);
    entries.putAll(all);
    FindingClaims.publish(hz, campaign, address(hz.getCluster().getLocalMember()));
  }

  @Override
  public void publish(CorpusEntry entry, Path file) throws IOException {
    local.publish(entry, file);
    byte[] bytes = Files.readAllBytes(file);
    String key = digest(bytes);
    known.add(key);
    try {
      entries.setAsync(key, bytes);
      exported++;
    } catch (RuntimeException e) {
      trouble(e);
    }
  }

  @Override
  public List<SharedEntry> receive() throws IOException {
    List<SharedEntry> shared = new ArrayList<>(local.receive());
    for (SharedEntry e : shared) {
      // a worker of this member published it too: it is not to be taken in twice
      Path file = corpus.resolve(e.id() + CorpusEntryFile.SUFFIX);
      if (Files.isRegularFile(file)) {
        known.add(digest(Files.readAllBytes(file)));
      }
    }
    if (restored != null) {
      shared.addAll(restored);
      restored = null;
    }
    Set<String> wanted = arrived.drain(known);
    if (wanted.isEmpty()) {
      return shared;
    }
    Map<String, byte[]> got;
    try {
      got = entries.getAll(wanted);
    } catch (RuntimeException e) {
      trouble(e);
      arrived.addAll(wanted); // asked again at the next look
      return shared;
    }
    for (Map.Entry<String, byte[]> e : got.entrySet()) {
      if (!known.add(e.getKey())) {
        continue;
      }
      Path file = importDir.resolve(e.getKey() + CorpusEntryFile.SUFFIX);
      AtomicFiles.write(file, e.getValue());
      SharedEntry entry = read(e.getKey(), file);
      if (entry != null) {
        imported++;
        shared.add(entry);
      }
    }
    return shared;
  }

  @Override
  public boolean hasArrivals() {
    long now = System.nanoTime();
    if (membershipChanged || now - lastScan > RESCAN_NANOS) {
      membershipChanged = false;
      lastScan = now;
      try {
        arrived.addAll(entries.keySet());
      } catch (RuntimeException e) {
        trouble(e);
      }
    }
    return arrived.holdsOtherThan(known);
  }

  @Override
  public String holder(String findingId) {
    return claims.holder(findingId);
  }

  @Override
  public Claim claim(String findingId) {
    try {
      return claims.claim(findingId);
    } catch (IOException e) {
      // the claim it was refused is not recorded: the cluster refuses it again after a restart
      troubleOnDisk(e);
      return new Claim(claims.holder(findingId));
    } catch (RuntimeException e) {
      trouble(e);
      return Claim.OURS;
    }
  }

  @Override
  public void written(String findingId) {
    try {
      claims.written(findingId);
    } catch (RuntimeException e) {
      trouble(e);
    }
  }

  @Override
  public void seenElsewhere(String findingId) {
    unsentSightings.merge(findingId, 1L, Long::sum);
  }

  @Override
  public Map<String, Long> shareSightings(Set<String> writtenHere) {
    Map<String, Long> taken = new HashMap<>();
    try {
      for (var it = unsentSightings.entrySet().iterator(); it.hasNext(); ) {
        Map.Entry<String, Long> e = it.next();
        add(e.getKey(), e.getValue());
        it.remove();
      }
      if (!writtenHere.isEmpty()) {
        for (String id : sightings.keySet()) {
          if (writtenHere.contains(id)) {
            Long n = sightings.remove(id);
            if (n != null) {
              taken.put(id, n);
            }
          }
        }
      }
    } catch (RuntimeException e) {
      trouble(e); // the sightings not sent are sent at the next call
    }
    try {
      claims.keep();
    } catch (IOException e) {
      troubleOnDisk(e);
    }
    return taken;
  }

  /** Adds to the sightings waiting for a finding's writer, whoever takes them meanwhile. */
  private void add(String findingId, long n) {
    while (true) {
      Long waiting = sightings.putIfAbsent(findingId, n);
      if (waiting == null || sightings.replace(findingId, waiting, waiting + n)) {
        return;
      }
    }
  }

  /**
   * Counts on from what earlier JVMs of this worker took part with in the session (a JVM that
   * replaced one), so that its stats lines, and so {@code weft status}, count the session's entries
   * taken in and given and the members seen in it, not this JVM's alone.
   */
  public void continueFrom(StatsLine.Cluster before) {
    imported += before.importedEntries();
    exported += before.exportedEntries();
    membersSeenBefore = Math.max(membersSeenBefore, before.membersSeen());
  }

  @Override
  public StatsLine.Cluster cluster() {
    int members;
    try {
      members = hz.getCluster().getMembers().size();
    } catch (RuntimeException e) {
      members = 0;
    }
    return new StatsLine.Cluster(
        name, members, Math.max(membersSeen.size(), membersSeenBefore), imported, exported);
  }

  @Override
  public void close() {
    local.close();
    try {
      claims.keep();
    } catch (IOException e) {
      troubleOnDisk(e);
    }
    try {
      claims.close();
      entries.removeEntryListener(entryListener);
      hz.getCluster().removeMembershipListener(membershipListener);
    } catch (RuntimeException e) {
      // leaving anyway
    }
    hz.shutdown();
  }

  private SharedEntry read(String key, Path file) throws IOException {
    try {
      return new SharedEntry("cluster-" + key.substring(0, 12), CorpusEntryFile.read(file));
    } catch (CorruptFileException e) {
      quarantine.take(file, e.getMessage().replace(file.toString(), "the file"));
      return null;
    }
  }

  private void trouble(RuntimeException e) {
    if (!troubleSaid) {
      troubleSaid = true;
      messages.accept(
          "[weft] cluster "
              + name
              + ": "
              + e
              + "; fuzzing goes on, sharing again when the cluster answers");
    }
  }

  private void troubleOnDisk(IOException e) {
    if (!diskTroubleSaid) {
      diskTroubleSaid = true;
      messages.accept(
          "[weft] cluster "
              + name
              + ": cannot record in the campaign directory that another member wrote a finding ("
              + e
              + "); after a restart of the whole cluster it may be written here again");
    }
  }

  /** A member's address as claims record it. */
  static String address(Member m) {
    return m.getAddress().getHost() + ":" + m.getAddress().getPort();
  }

  static String digest(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  /** The keys of entries announced by the cluster and not yet taken in. */
  private static final class Queue
      implements EntryAddedListener<String, byte[]>, EntryMergedListener<String, byte[]> {
    private final ConcurrentLinkedQueue<String> keys = new ConcurrentLinkedQueue<>();

    @Override
    public void entryAdded(EntryEvent<String, byte[]> event) {
      keys.add(event.getKey());
    }

    @Override
    public void entryMerged(EntryEvent<String, byte[]> event) {
      keys.add(event.getKey());
    }

    void addAll(Set<String> more) {
      keys.addAll(more);
    }

    /** Whether an entry not known here was announced; drops the known ones (this member's). */
    boolean holdsOtherThan(Set<String> known) {
      keys.removeIf(known::contains);
      return !keys.isEmpty();
    }

    Set<String> drain(Set<String> known) {
      Set<String> wanted = new java.util.HashSet<>();
      for (String k = keys.poll(); k != null; k = keys.poll()) {
        if (!known.contains(k)) {
          wanted.add(k);
        }
      }
      return wanted;
    }
  }
}
