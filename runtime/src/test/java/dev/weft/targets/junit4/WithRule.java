package dev.weft.targets.junit4;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** A JUnit 4 class with a rule: Weft refuses it rather than run it without the rule. */
public class WithRule {
  @Rule public TemporaryFolder folder = new TemporaryFolder();

  @Test
  public void usesTheFolder() {}
}
