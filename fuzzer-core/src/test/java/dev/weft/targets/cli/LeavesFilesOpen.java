package dev.weft.targets.cli;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;

/**
 * Leaves one file open in the directory {@code args[0]} each run, as careless test code does, kept
 * reachable from the JVM's system properties (as from a long-lived registry of the program's) so
 * that no collection closes it. With {@code args[1]} {@code hidden}, the file is opened through
 * reflection, where Weft does not see it: only running out of descriptors then stops the leak.
 */
public final class LeavesFilesOpen {
  private LeavesFilesOpen() {}

  public static void main(String[] args) throws Exception {
    File file = new File(args[0], "left-open");
    FileOutputStream out =
        args.length > 1 && args[1].equals("hidden")
            ? unseen(file)
            : new FileOutputStream(file, true);
    out.write('x');
    System.getProperties().put(new Object(), out);
  }

  private static FileOutputStream unseen(File file) throws Exception {
    Constructor<FileOutputStream> open = FileOutputStream.class.getConstructor(File.class);
    try {
      return open.newInstance(file);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw (IOException) e.getCause();
    }
  }
}
