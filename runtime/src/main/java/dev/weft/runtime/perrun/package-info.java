/**
 * Plain-Java stand-ins for JDK classes that start threads on the target's behalf (thread pools, the
 * default pool of {@code CompletableFuture}, {@code java.util.Timer}). These classes are not used
 * by Weft itself: like target code they are instrumented, so their monitors, waits and thread
 * starts are scheduling points and their worker threads are controlled threads. They are defined
 * once per target ({@code instrument/ModelClassLoader}), not once per run; their static state is
 * reset before each run by each class's {@code resetForRun()}. Target calls to {@code
 * Executors.newFixedThreadPool} and friends are redirected here by the instrumentation.
 */
package dev.weft.runtime.perrun;
