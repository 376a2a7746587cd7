package dev.weft.junit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JupiterVersionTest {
  @Test
  void versionsFromFiveTenOnAreTakenAndOlderOnesAreRefusedWithWhatIsNeeded() {
    assertThat(JupiterVersion.problem("5.10.0")).isNull();
    assertThat(JupiterVersion.problem("5.13.4")).isNull();
    assertThat(JupiterVersion.problem("6.0.0")).isNull();
    assertThat(JupiterVersion.problem("6.1.0-M1")).isNull();
    assertThat(JupiterVersion.problem(null)).isNull();
    assertThat(JupiterVersion.problem("5.9.3"))
        .contains("needs JUnit Jupiter 5.10 or later")
        .contains("runs with 5.9.3")
        .contains("junit-jupiter");
  }

  @Test
  void theJupiterThisBuildTestsWithIsTaken() {
    JupiterVersion.require();
  }
}
