/**
 * Programs that fail the way real tests and services do, other than by a plain uncaught exception:
 * a test that injects a fault on every run to reach its failure path (the bug is what the failure
 * path leaves behind: run with {@code --ignore-exception}), and a program that ends the JVM itself
 * with a non-zero status when it sees its state corrupt. They are not in {@link
 * dev.weft.examples.Catalog}, whose benchmarks run every example with the same options.
 */
package dev.weft.examples.failure;
