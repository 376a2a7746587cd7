package dev.weft.corpus.campaign;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * A fingerprint of the target's code: SHA-256 over every {@code .class} file under the class path's
 * directories (with its relative name, in sorted order) and over each jar's bytes. A resumed
 * campaign compares it with the recorded one, because its coverage keys and schedules were made on
 * the old code: still useful, but the user should know.
 */
public final class TargetHash {
  private TargetHash() {}

  public static String of(List<Path> classPath) throws IOException {
    MessageDigest sha = sha256();
    for (Path entry : classPath) {
      if (Files.isDirectory(entry)) {
        List<Path> classes;
        try (Stream<Path> files = Files.walk(entry)) {
          classes = files.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        } catch (UncheckedIOException e) {
          throw e.getCause();
        }
        for (Path c : classes) {
          sha.update(entry.relativize(c).toString().getBytes(StandardCharsets.UTF_8));
          digest(sha, c);
        }
      } else if (Files.isRegularFile(entry)) {
        sha.update(entry.getFileName().toString().getBytes(StandardCharsets.UTF_8));
        digest(sha, entry);
      }
    }
    return "sha256:" + HexFormat.of().formatHex(sha.digest());
  }

  private static void digest(MessageDigest sha, Path file) throws IOException {
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n = in.read(buf); n > 0; n = in.read(buf)) {
        sha.update(buf, 0, n);
      }
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
