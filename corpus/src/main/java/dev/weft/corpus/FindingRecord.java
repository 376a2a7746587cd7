package dev.weft.corpus;

import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.oracle.FindingKind;
import java.util.List;

/**
 * Everything needed to re-execute a finding exactly: the target, its class path, the options of the
 * JVM it ran in, budgets, and the scheduling decisions of the failing run; plus what was observed,
 * so replay can tell whether the same failure came back.
 *
 * @param jvmOptions the options given with {@code --jvm-opt} (a system property the target reads,
 *     an {@code --add-opens} it needs): without them the failure may not come back
 * @param localObjects whether the run gave accesses to thread-local objects no scheduling point
 *     (the decisions fit only runs made the same way)
 * @param decisions chosen thread index at each point where more than one thread was enabled
 * @param ignoredExceptions exceptions the target throws on purpose ({@code --ignore-exception}):
 *     the run was judged without them, and so is its replay
 * @param input the bytes a fuzz target's run was given ({@code byte[]} or {@code
 *     FuzzedDataProvider}); null for targets that take none. A replay gives them again: the
 *     decisions fit only the path that input takes
 */
public record FindingRecord(
    String weftVersion,
    TargetSpec target,
    List<String> classPath,
    List<String> jvmOptions,
    RunBudget budget,
    boolean localObjects,
    String strategy,
    long seed,
    long execution,
    int[] decisions,
    FindingKind kind,
    String message,
    String signature,
    String details,
    ExpectedExceptions ignoredExceptions,
    byte[] input) {

  public FindingRecord {
    classPath = List.copyOf(classPath);
    jvmOptions = List.copyOf(jvmOptions);
    input = input == null ? null : input.clone();
  }

  /** A finding of a target that takes no input. */
  public FindingRecord(
      String weftVersion,
      TargetSpec target,
      List<String> classPath,
      List<String> jvmOptions,
      RunBudget budget,
      boolean localObjects,
      String strategy,
      long seed,
      long execution,
      int[] decisions,
      FindingKind kind,
      String message,
      String signature,
      String details,
      ExpectedExceptions ignoredExceptions) {
    this(
        weftVersion,
        target,
        classPath,
        jvmOptions,
        budget,
        localObjects,
        strategy,
        seed,
        execution,
        decisions,
        kind,
        message,
        signature,
        details,
        ignoredExceptions,
        null);
  }

  @Override
  public byte[] input() {
    return input == null ? null : input.clone();
  }

  /**
   * The same finding as another run made it: its decisions, failure message and details, and its
   * input (null: a target without input); what identifies the finding (kind, signature) stays.
   */
  public FindingRecord withRun(
      int[] runDecisions, String runMessage, String runDetails, byte[] bytes) {
    return new FindingRecord(
        weftVersion,
        target,
        classPath,
        jvmOptions,
        budget,
        localObjects,
        strategy,
        seed,
        execution,
        runDecisions,
        kind,
        runMessage,
        signature,
        runDetails,
        ignoredExceptions,
        bytes);
  }

  /**
   * The same finding with another class path: none, for a finding kept with a project's tests,
   * whose class path is the test run's that replays it.
   */
  public FindingRecord withClassPath(List<String> entries) {
    return new FindingRecord(
        weftVersion,
        target,
        entries,
        jvmOptions,
        budget,
        localObjects,
        strategy,
        seed,
        execution,
        decisions,
        kind,
        message,
        signature,
        details,
        ignoredExceptions,
        input);
  }

  /** The same finding, of a run given {@code bytes} (null: a target without input). */
  public FindingRecord withInput(byte[] bytes) {
    return new FindingRecord(
        weftVersion,
        target,
        classPath,
        jvmOptions,
        budget,
        localObjects,
        strategy,
        seed,
        execution,
        decisions,
        kind,
        message,
        signature,
        details,
        ignoredExceptions,
        bytes);
  }

  /** A finding of a run that expected no exception. */
  public FindingRecord(
      String weftVersion,
      TargetSpec target,
      List<String> classPath,
      List<String> jvmOptions,
      RunBudget budget,
      boolean localObjects,
      String strategy,
      long seed,
      long execution,
      int[] decisions,
      FindingKind kind,
      String message,
      String signature,
      String details) {
    this(
        weftVersion,
        target,
        classPath,
        jvmOptions,
        budget,
        localObjects,
        strategy,
        seed,
        execution,
        decisions,
        kind,
        message,
        signature,
        details,
        ExpectedExceptions.NONE);
  }

  /** The same finding, judged without {@code ignored} exceptions. */
  public FindingRecord withIgnoredExceptions(ExpectedExceptions ignored) {
    return new FindingRecord(
        weftVersion,
        target,
        classPath,
        jvmOptions,
        budget,
        localObjects,
        strategy,
        seed,
        execution,
        decisions,
        kind,
        message,
        signature,
        details,
        ignored,
        input);
  }
}
