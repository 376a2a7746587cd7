package dev.weft.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Reads one {@code --jvm-opt}. Its value starts with {@code -} by nature, which picocli's own
 * parsing would take for an option; and the JVM's module options are usually written as two words
 * ({@code --add-opens java.base/java.lang=ALL-UNNAMED}), which are joined here into the one-word
 * form the {@code java} launcher also accepts. Anything that is not a JVM option, or that would
 * replace Weft's own class path, is a usage error.
 */
final class JvmOptionConsumer implements IParameterConsumer {
  /** JVM options whose value may follow as a separate word. */
  private static final Set<String> TWO_WORDS =
      Set.of(
          "--add-opens",
          "--add-exports",
          "--add-reads",
          "--add-modules",
          "--limit-modules",
          "--patch-module",
          "--module-path",
          "--upgrade-module-path",
          "--enable-native-access");

  private static final Set<String> CLASS_PATH = Set.of("-cp", "-classpath", "--class-path", "-jar");

  @Override
  public void consumeParameters(Stack<String> args, ArgSpec option, CommandSpec command) {
    if (args.isEmpty()) {
      throw error(command, "--jvm-opt needs a JVM option, e.g. --jvm-opt -Xmx2g");
    }
    String value = args.pop();
    if (TWO_WORDS.contains(value)) {
      if (args.isEmpty()) {
        throw error(command, "--jvm-opt " + value + " needs its value");
      }
      value = value + "=" + args.pop();
    }
    if (!value.startsWith("-")) {
      throw error(
          command,
          "--jvm-opt takes an option of the JVM, which starts with '-' (e.g. -Xmx2g, -Dkey=value,"
              + " --add-opens java.base/java.lang=ALL-UNNAMED); got '"
              + value
              + "'");
    }
    String name = value.contains("=") ? value.substring(0, value.indexOf('=')) : value;
    if (CLASS_PATH.contains(name)) {
      throw error(
          command, "--jvm-opt " + value + ": the target's classes go in --cp, not the JVM's");
    }
    List<String> options = option.getValue();
    if (options == null) {
      // a command that tells "not given" from "given" (fuzz: a resumed campaign keeps the options
      // it recorded) leaves its list null until the first one
      options = new ArrayList<>();
      option.setValue(options);
    }
    options.add(value);
  }

  private static ParameterException error(CommandSpec command, String message) {
    return new ParameterException(command.commandLine(), message);
  }
}
