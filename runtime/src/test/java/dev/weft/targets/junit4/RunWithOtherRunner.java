package dev.weft.targets.junit4;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/** A JUnit 4 class that another runner runs: Weft refuses it rather than run it differently. */
@RunWith(Parameterized.class)
public class RunWithOtherRunner {
  @Test
  public void anything() {}
}
