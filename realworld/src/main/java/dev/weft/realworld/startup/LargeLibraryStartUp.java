/*
 * Large start-up, correct program (no bug; the false-hang case of a framework's start-up).
 *
 * An application server or framework loads thousands of classes on its main thread before it
 * starts any worker: here main loads every class of two large libraries that need nothing else on
 * the class path, Lucene core 9.6.0 (~2,200 classes) and ICU4J 70.1 (~1,550 classes), in the
 * order of their jar entries, as a class-path scanner does. Only then do two threads start, each
 * on its own data (its own Lucene index in its own directory, its own ICU number format): no
 * shared state, no race. Natively the set-up takes a few seconds once; under a tool that rewrites
 * every class it loads it is where the tool's own time goes. Must never fail, and must never be
 * called a hang.
 */
package dev.weft.realworld.startup;

import com.ibm.icu.text.NumberFormat;
import com.ibm.icu.util.ULocale;
import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;

public final class LargeLibraryStartUp {
  public static void main(String[] args) throws Exception {
    ClassLoader loader = LargeLibraryStartUp.class.getClassLoader();
    int loaded = 0;
    for (String probe :
        new String[] {"org/apache/lucene/index/IndexWriter.class", "com/ibm/icu/util/ULocale.class"}) {
      loaded += loadEveryClass(loader, probe);
    }
    if (loaded < 3000) {
      throw new AssertionError("only " + loaded + " classes loaded");
    }
    Thread indexer = new Thread(LargeLibraryStartUp::indexOwnDocuments, "indexer");
    Thread formatter = new Thread(LargeLibraryStartUp::formatOwnNumbers, "formatter");
    indexer.start();
    formatter.start();
    indexer.join();
    formatter.join();
  }

  /** Loads (without initialising) every class of the jar that holds {@code probe}. */
  static int loadEveryClass(ClassLoader loader, String probe) throws IOException {
    URL url = loader.getResource(probe);
    if (url == null || !"jar".equals(url.getProtocol())) {
      throw new IllegalStateException("not in a jar: " + probe + " -> " + url);
    }
    int loaded = 0;
    JarURLConnection connection = (JarURLConnection) url.openConnection();
    connection.setUseCaches(false);
    try (JarFile jar = connection.getJarFile()) {
      Enumeration<JarEntry> entries = jar.entries();
      while (entries.hasMoreElements()) {
        String name = entries.nextElement().getName();
        if (!name.endsWith(".class")
            || name.startsWith("META-INF/")
            || name.endsWith("module-info.class")) {
          continue;
        }
        String className = name.substring(0, name.length() - 6).replace('/', '.');
        try {
          Class.forName(className, false, loader);
          loaded++;
        } catch (ClassNotFoundException | LinkageError optionalDependencyMissing) {
          // a class for an optional integration whose library is not on the class path
        }
      }
    }
    return loaded;
  }

  static void indexOwnDocuments() {
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int i = 0; i < 5; i++) {
          Document doc = new Document();
          doc.add(new StringField("id", "doc-" + i, Field.Store.YES));
          w.addDocument(doc);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        if (reader.numDocs() != 5) {
          throw new AssertionError(reader.numDocs() + " documents");
        }
      }
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
  }

  static void formatOwnNumbers() {
    NumberFormat format = NumberFormat.getInstance(ULocale.GERMANY);
    String text = format.format(1234567.5);
    if (!"1.234.567,5".equals(text)) {
      throw new AssertionError("formatted as " + text);
    }
  }
}
