/*
 * Lucene 9.6.0 (lucene-core), issue #12419:
 * https://github.com/apache/lucene/issues/12419 (same cycle reported again as #15119; fixed by
 * pull request #15864)
 *
 * IndexWriter, ConcurrentMergeScheduler and SegmentReader each register an accessor with
 * org.apache.lucene.internal.tests.TestSecrets in their static initialisers, and TestSecrets'
 * own static initialiser forces the initialisation of those classes (Class.forName(..., true)).
 * A thread that is first to initialise IndexWriter holds IndexWriter's initialisation lock and
 * needs TestSecrets; a thread that is first to initialise ConcurrentMergeScheduler (any `new
 * IndexWriterConfig()` does) takes TestSecrets' initialisation lock and then needs IndexWriter.
 * Two threads opening their first index writers at the same time can each hold one class
 * initialisation lock and wait for the other: a deadlock on class initialisation locks, which
 * ThreadMXBean does not report (both threads are RUNNABLE in Class.forName0 / the VM).
 */
package dev.weft.realworld.lucene;

import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;

public final class ClassInitDeadlock {
  public static void main(String[] args) throws Exception {
    Thread writer =
        new Thread(
            () -> {
              try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
                  IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
                w.commit();
              } catch (java.io.IOException e) {
                throw new RuntimeException(e);
              }
            },
            "writer");
    Thread merger =
        new Thread(
            () -> {
              ConcurrentMergeScheduler cms = new ConcurrentMergeScheduler();
              cms.setDefaultMaxMergesAndThreads(false);
            },
            "merger");
    writer.start();
    merger.start();
    writer.join();
    merger.join();
  }
}
