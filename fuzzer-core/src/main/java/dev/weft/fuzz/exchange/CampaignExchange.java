package dev.weft.fuzz.exchange;

import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.StatsLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a session shares with the other processes fuzzing the same target: the entries it writes
 * (with the coverage keys they added), the entries they found, and the right to write a new
 * finding. A session alone shares nothing ({@link Alone}), the workers of one pool share their
 * campaign directory ({@link PoolSync}), and the members of a cluster share over the network (see
 * {@code dev.weft.fuzz.cluster}); the session's loop is the same for all three, so a campaign
 * behaves alike however it is spread out.
 */
public interface CampaignExchange extends AutoCloseable {
  // the defaults are those of a process outside any cluster: every finding is its own to write
  /** Tells the others about an entry this process just wrote to {@code file}. */
  void publish(CorpusEntry entry, Path file) throws IOException;

  /**
   * The entries the others found since the last call: their keys are covered here too, so that no
   * key is new twice in the campaign, and their schedules are mutated here as well.
   */
  List<SharedEntry> receive() throws IOException;

  /**
   * Whether the others announced entries not taken in yet; asked before every run, so it does no
   * I/O. A cluster's entries are announced as they are written, and taking them in at once (not at
   * the next stats line) spares a member runs and entries for keys another member has already.
   */
  default boolean hasArrivals() {
    return false;
  }

  /**
   * Claims a finding not seen here before, so that it is written once wherever the campaign runs.
   *
   * @param findingId the finding's name ({@code FindingStore.id}: kind and signature)
   */
  default Claim claim(String findingId) {
    return Claim.OURS;
  }

  /**
   * Who holds the claim to a finding another process writes, as far as this process knows without
   * asking anyone; null when none is known. Asked for each failure of a run that this directory has
   * not written, before the failure is confirmed by replays: a finding another process writes needs
   * no confirming here, and a member that ran into it at most runs would otherwise replay most runs
   * on classes defined afresh (a tenth of the other members' rate, measured). So it does no I/O.
   *
   * @param findingId the finding's name ({@code FindingStore.id})
   */
  default String holder(String findingId) {
    return null;
  }

  /** Says that a finding this process claimed is written: its claim stands for good. */
  default void written(String findingId) {}

  /**
   * Counts a sighting of a finding whose claim another process holds ({@link #claim} said so): the
   * process that writes the finding keeps its count, which is so the whole campaign's.
   */
  default void seenElsewhere(String findingId) {}

  /**
   * Sends the sightings counted by {@link #seenElsewhere} since the last call, and takes in those
   * the others made of the findings written here (each sighting is taken in once, by one process).
   *
   * @param writtenHere the ids of the findings written in this campaign's directory
   * @return the others' sightings by finding id; empty when there are no others to count
   */
  default Map<String, Long> shareSightings(Set<String> writtenHere) {
    return Map.of();
  }

  /** Where the cluster stands, for the stats lines; null when there is no cluster. */
  default StatsLine.Cluster cluster() {
    return null;
  }

  @Override
  default void close() {}

  /**
   * An entry another process found.
   *
   * @param id the name the strategy knows it by (a parent of the runs planned on it)
   */
  record SharedEntry(String id, CorpusEntry entry) {}

  /**
   * The answer to {@link #claim}.
   *
   * @param holder null if this process may write the finding, else who holds it
   */
  record Claim(String holder) {
    public static final Claim OURS = new Claim(null);

    public boolean ours() {
      return holder == null;
    }
  }
}
