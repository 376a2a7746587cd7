/*
 * Lucene 9.6.0, twin of issue #12419 (https://github.com/apache/lucene/issues/12419): main opens
 * the index writer first (so IndexWriter, ConcurrentMergeScheduler, SegmentReader and TestSecrets
 * are initialised by one thread, as an application that opens its index at start-up does), indexes
 * a few documents and commits; then two threads search the index through one shared IndexSearcher
 * (documented as thread-safe) and check the hit counts. Must never fail.
 */
package dev.weft.realworld.lucene;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

public final class SearchAfterOpening {
  static final String[] COLOURS = {"red", "green", "blue"};
  static final int DOCS = 9;

  public static void main(String[] args) throws Exception {
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 0; i < DOCS; i++) {
        Document doc = new Document();
        doc.add(new StringField("colour", COLOURS[i % COLOURS.length], Field.Store.YES));
        w.addDocument(doc);
      }
      w.commit();
    }
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      final IndexSearcher searcher = new IndexSearcher(reader);
      Thread[] searchers = new Thread[2];
      for (int s = 0; s < searchers.length; s++) {
        final String colour = COLOURS[s];
        searchers[s] =
            new Thread(
                () -> {
                  try {
                    int hits = searcher.count(new TermQuery(new Term("colour", colour)));
                    if (hits != DOCS / COLOURS.length) {
                      throw new AssertionError(colour + ": " + hits + " hits");
                    }
                  } catch (java.io.IOException e) {
                    throw new RuntimeException(e);
                  }
                },
                "searcher-" + s);
        searchers[s].start();
      }
      for (Thread t : searchers) {
        t.join();
      }
    }
    dir.close();
  }
}
