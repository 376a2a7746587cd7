/**
 * Fuzz targets in Jazzer's style ({@code fuzzerTestOneInput(FuzzedDataProvider)} or {@code
 * (byte[])}) whose bugs need both an input and an interleaving: what {@code weft run --target
 * Class::fuzzerTestOneInput} searches side by side. Not in the {@link dev.weft.examples.Catalog},
 * whose entries are {@code main} programs; {@code scripts/bench-inputs} runs them.
 */
package dev.weft.examples.inputs;
