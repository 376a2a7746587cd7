package dev.weft.corpus.campaign;

import java.io.IOException;

/**
 * A campaign directory that cannot be used as it is: its {@code campaign.json} is corrupt or of a
 * newer format, or it holds another target's campaign. The message says which, and what to do.
 */
public final class CampaignFileException extends IOException {
  private static final long serialVersionUID = 1L;

  public CampaignFileException(String message) {
    super(message);
  }
}
