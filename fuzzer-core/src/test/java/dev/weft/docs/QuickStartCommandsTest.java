package dev.weft.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.cli.WeftCli;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The README's set-up section promises two commands that work on a fresh machine: the quick start
 * (build Weft, find a bug in a bundled example) and the test command. CI runs the test command, and
 * the quick start must name a real example and options Weft accepts, so that neither can drift from
 * what is actually built and checked.
 */
class QuickStartCommandsTest {
  private static final String SET_UP_HEADING = "Set up";

  private final Path root = Repository.root();
  private final Markdown readme = Markdown.read(root.resolve("README.md"));

  @Test
  void theSetUpSectionHoldsTheQuickStartAndTheTestCommand() {
    assertThat(setUpCommands()).hasSize(2);
  }

  @Test
  void theTestCommandIsWhatCiRuns() throws IOException {
    List<String> ciCommands =
        Files.readAllLines(root.resolve(".ci/run")).stream()
            .map(String::strip)
            .filter(line -> !line.isEmpty() && !line.startsWith("#"))
            .toList();
    List<String> steps =
        Arrays.stream(setUpCommands().get(1).split("&&")).map(String::strip).toList();

    assertThat(steps).contains("mvn -B verify");
    assertThat(ciCommands).containsSubsequence(steps);
  }

  @Test
  void theQuickStartRunsABundledExampleWithOptionsWeftAccepts() throws Exception {
    String quickStart = setUpCommands().get(0);
    assertThat(quickStart).startsWith("scripts/weft ");
    assertThat(root.resolve("scripts/weft")).isExecutable();

    ParseResult run = parse(quickStart).subcommand();

    assertThat(run.commandSpec().name()).isEqualTo("run");
    assertThat(run.<String>matchedOptionValue("--cp", null)).isEqualTo("examples/target/classes");
    String mainClass = run.matchedOptionValue("--main", null);
    assertThat(mainClass).isNotNull();
    Path source =
        root.resolve("examples/src/main/java").resolve(mainClass.replace('.', '/') + ".java");
    assertThat(source).as("the quick start's --main").isRegularFile();
    Method main = Class.forName(mainClass).getMethod("main", String[].class);
    assertThat(Modifier.isStatic(main.getModifiers())).isTrue();
  }

  @Test
  void everyWeftCommandOfTheReadmeParses() {
    List<String> commands =
        readme.codeBlocksUnder("").stream()
            .flatMap(List::stream)
            .map(String::strip)
            .filter(line -> line.startsWith("scripts/weft "))
            .toList();

    assertThat(commands).hasSizeGreaterThanOrEqualTo(8);
    assertThat(commands).allSatisfy(QuickStartCommandsTest::parse);
  }

  private List<String> setUpCommands() {
    return readme.codeBlocksUnder(SET_UP_HEADING).stream()
        .map(block -> String.join(" ", block).strip())
        .toList();
  }

  /**
   * Parses a {@code scripts/weft ...} line as the {@code weft} command would, without running it.
   */
  private static ParseResult parse(String commandLine) {
    String[] words = commandLine.strip().split("\\s+");
    String[] args = Arrays.copyOfRange(words, 1, words.length);
    return new CommandLine(new WeftCli()).parseArgs(args);
  }
}
