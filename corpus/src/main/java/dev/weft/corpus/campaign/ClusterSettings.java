package dev.weft.corpus.campaign;

import java.util.List;

/**
 * The cluster a campaign takes part in ({@code weft fuzz --cluster}), recorded so that a resume
 * with nothing but the directory rejoins it, as it resumes everything else. The secret itself is
 * not recorded, only the file that holds it: {@code campaign.json} is read and copied by people and
 * scripts.
 *
 * @param name the cluster's name
 * @param memberPort the port the member listens on
 * @param join the addresses ({@code host:port}) it joins through
 * @param secretFile the absolute path of the file holding the shared secret, or null
 */
public record ClusterSettings(String name, int memberPort, List<String> join, String secretFile) {
  public ClusterSettings {
    join = List.copyOf(join);
  }
}
