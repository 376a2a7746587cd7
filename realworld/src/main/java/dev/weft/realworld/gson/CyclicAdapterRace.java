/*
 * Gson 2.2.4, issue #764: https://github.com/google/gson/issues/764
 * ("Rare exception during POJO serialization"; root cause discussed in #625 and fixed by #1832)
 *
 * Gson.getAdapter() breaks cycles between types (Node -> Edge -> Node) with a FutureTypeAdapter
 * whose delegate is set only when the outer adapter is finished. While thread A is still building
 * Node's adapter, the adapter for Edge (holding the unfinished FutureTypeAdapter for Node) is
 * already published in the shared typeTokenCache. Thread B serializing an Edge picks it up and
 * calls the future's write() before its delegate is set: IllegalStateException, only when two
 * threads serialize the recursive types for the first time together. Kind: exception.
 */
package dev.weft.realworld.gson;

import com.google.gson.Gson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class CyclicAdapterRace {
  static final class Node {
    String name = "n";
    Edge first;
    List<Edge> more = new ArrayList<Edge>();
    Map<String, String> tags = new HashMap<String, String>();
    Position position = new Position();
    Style style = new Style();
    Audit audit = new Audit();
    Owner owner = new Owner();
  }

  static final class Edge {
    Node target;
    double weight = 1.5;
  }

  static final class Position {
    int x = 1;
    int y = 2;
  }

  static final class Style {
    String color = "red";
    int width = 3;
  }

  static final class Audit {
    long created = 7;
    String by = "me";
  }

  static final class Owner {
    String id = "o";
    Position home = new Position();
  }

  static Node node() {
    Node n = new Node();
    n.first = new Edge();
    return n;
  }

  static Edge edge() {
    Edge e = new Edge();
    e.target = new Node();
    return e;
  }

  public static void main(String[] args) throws Exception {
    final Gson gson = new Gson();
    Thread a = new Thread(() -> gson.toJson(node()), "nodes");
    Thread b = new Thread(() -> gson.toJson(edge()), "edges");
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
