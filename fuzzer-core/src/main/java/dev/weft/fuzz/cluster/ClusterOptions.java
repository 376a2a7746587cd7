package dev.weft.fuzz.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * How a campaign joins its cluster ({@code weft fuzz --cluster NAME --member-port P --join
 * host:port,...}). The cluster is found only through the listed addresses (no multicast, no cloud
 * discovery), so that a member never joins a cluster nobody named. A shared secret, if given, is
 * folded into the name the members compare when one joins, so that a process without it cannot join
 * (it does not encrypt the traffic).
 *
 * @param name the cluster's name, as shown by {@code weft status}
 * @param memberPort the port this member listens on
 * @param join the addresses ({@code host:port}) of other members to join through
 * @param secretDigest a digest of the shared secret, or null
 */
public record ClusterOptions(String name, int memberPort, List<String> join, String secretDigest) {
  public ClusterOptions {
    join = List.copyOf(join);
  }

  /**
   * Reads the options as given on the command line.
   *
   * @throws IllegalArgumentException with a message for the user if they do not make sense
   */
  public static ClusterOptions of(String name, Integer memberPort, List<String> join, Path secret)
      throws IOException {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("--cluster needs a name");
    }
    if (memberPort == null || memberPort < 1 || memberPort > 65535) {
      throw new IllegalArgumentException(
          "--cluster needs --member-port P, the port this member listens on (1-65535)");
    }
    for (String address : join) {
      int colon = address.lastIndexOf(':');
      if (colon <= 0 || !address.substring(colon + 1).matches("[0-9]{1,5}")) {
        throw new IllegalArgumentException(
            "--join takes host:port addresses separated by commas, not '" + address + "'");
      }
    }
    String digest = null;
    if (secret != null) {
      byte[] bytes = Files.readAllBytes(secret);
      String text = new String(bytes, StandardCharsets.UTF_8).strip();
      if (text.isEmpty()) {
        throw new IllegalArgumentException("--cluster-secret-file " + secret + " is empty");
      }
      digest = sha256(text).substring(0, 32);
    }
    return new ClusterOptions(name, memberPort, join, digest);
  }

  /** The name members compare when one joins: the cluster's name and the secret's digest. */
  String joinName() {
    return secretDigest == null ? name : name + "-" + secretDigest;
  }

  /** Whether every member to join is on this machine: then the member listens on loopback only. */
  boolean loopbackOnly() {
    return join.stream()
        .map(a -> a.substring(0, a.lastIndexOf(':')))
        .allMatch(h -> h.equals("127.0.0.1") || h.equals("localhost"));
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
