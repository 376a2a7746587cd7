/*
 * Gson 2.2.4, correct twin of CyclicAdapterRace (issue #764,
 * https://github.com/google/gson/issues/764).
 *
 * The same recursive types and threads, but main asks Gson for the Node and Edge adapters before
 * starting them (the usual workaround): the cyclic adapters are complete before they are shared.
 * Must never fail.
 */
package dev.weft.realworld.gson;

import com.google.gson.Gson;

public final class AdaptersWarmedUp {
  public static void main(String[] args) throws Exception {
    final Gson gson = new Gson();
    gson.getAdapter(CyclicAdapterRace.Node.class);
    gson.getAdapter(CyclicAdapterRace.Edge.class);
    Thread a = new Thread(() -> gson.toJson(CyclicAdapterRace.node()), "nodes");
    Thread b = new Thread(() -> gson.toJson(CyclicAdapterRace.edge()), "edges");
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
