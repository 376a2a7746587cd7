package dev.weft.corpus.campaign;

import java.io.IOException;

/** Another live process fuzzes in the campaign directory; two would corrupt each other's work. */
public final class CampaignInUseException extends IOException {
  private static final long serialVersionUID = 1L;

  public CampaignInUseException(String message) {
    super(message);
  }
}
