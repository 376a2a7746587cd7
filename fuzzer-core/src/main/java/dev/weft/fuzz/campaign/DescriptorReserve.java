package dev.weft.fuzz.campaign;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * File descriptors held from the start of a campaign and let go when it must write its last files,
 * so that a target that leaves the process without descriptors (in a way Weft does not give back at
 * the end of its run) cannot also take from Weft the summary, the error log and the findings:
 * without them, a campaign whose target had exhausted the descriptors ended with an empty output
 * directory. The descriptors are the null device's, opened for reading; on a system without one
 * none are held.
 */
public final class DescriptorReserve {
  /** Enough for the summary, an error log and one finding's files, with some to spare. */
  static final int HELD = 16;

  private static final Path NULL_DEVICE = Path.of("/dev/null");

  private final List<FileChannel> held = new ArrayList<>();

  public DescriptorReserve() {
    if (!Files.isReadable(NULL_DEVICE)) {
      return;
    }
    try {
      for (int i = 0; i < HELD; i++) {
        held.add(FileChannel.open(NULL_DEVICE));
      }
    } catch (IOException e) {
      // already short: what is held is all the reserve there is
    }
  }

  /** How many descriptors are held. */
  public int held() {
    return held.size();
  }

  /** Gives the descriptors back, for the campaign's last files; idempotent. */
  public void release() {
    for (FileChannel c : held) {
      try {
        c.close();
      } catch (IOException e) {
        // closing the null device: nothing was written
      }
    }
    held.clear();
  }
}
