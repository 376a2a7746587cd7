package dev.weft.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code weft fuzz} command line of a campaign on one test method. The same command starts the
 * campaign and resumes it: in a directory that holds one already, {@code weft fuzz} keeps its
 * corpus, findings and recorded options, and the options given here replace the recorded ones (the
 * class path among them, so a resumed campaign runs the code just compiled).
 */
final class FuzzArguments {
  private final List<String> args = new ArrayList<>();

  FuzzArguments(String test, List<String> classPath, Path campaign) {
    args.add("fuzz");
    args.add("--test");
    args.add(test);
    args.add("--cp");
    args.add(String.join(java.io.File.pathSeparator, classPath));
    args.add("--corpus");
    args.add(campaign.toString());
  }

  /** Adds {@code name value} when the value is set (not null, not blank). */
  FuzzArguments option(String name, Object value) {
    if (value != null && !value.toString().isBlank()) {
      args.add(name);
      args.add(value.toString().strip());
    }
    return this;
  }

  /** Adds {@code --jvm-opt OPT} for each option: recorded in the campaign, used by its workers. */
  FuzzArguments jvmOptions(List<String> options) {
    for (String option : options) {
      option(JVM_OPT, option);
    }
    return this;
  }

  List<String> toList() {
    return List.copyOf(args);
  }

  private static final String JVM_OPT = "--jvm-opt";
}
