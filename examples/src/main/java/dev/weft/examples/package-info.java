/**
 * Small buggy concurrent programs and their correct twins, used as targets for the Weft fuzzer.
 *
 * <p>Every example is a class with {@code public static void main(String[])} that starts threads
 * with {@code new Thread(runnable, name)} and joins them, and synchronizes only through fields,
 * arrays, {@code synchronized}, {@code wait/notify/notifyAll} and {@code Thread.start/join/yield}.
 * A buggy example fails in some interleaving with an uncaught exception, an {@link AssertionError}
 * or a deadlock; its twin ({@code <Name>Fixed}) must never fail under any interleaving. {@link
 * dev.weft.examples.Catalog} lists them all.
 */
package dev.weft.examples;
