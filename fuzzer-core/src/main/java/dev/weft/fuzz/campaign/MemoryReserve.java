package dev.weft.fuzz.campaign;

/**
 * Heap held from the start of a campaign and let go when Weft runs out of memory, so that there is
 * room left to write the summary and the findings' reports and to say what happened: without it,
 * the very attempt to report an exhausted heap would fail the same way.
 */
public final class MemoryReserve {
  private byte[] reserve;

  public MemoryReserve(int bytes) {
    reserve = new byte[bytes];
  }

  public void release() {
    reserve = null;
  }
}
