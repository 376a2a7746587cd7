package dev.weft.runtime.local;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JDK objects a thread can own: collections, atomics and string buffers that target code makes
 * with {@code new}. Their constructors keep no {@code this}; every argument target code hands them
 * escapes (they are JDK code), so they never hold a thread-local object and need no walk when they
 * escape. What can let one go is a call on it: the methods named here return nothing that reaches
 * the receiver and call back with nothing but elements; a few return a <em>view</em> (an iterator,
 * a key set, a sub-list) that is as local as the collection it shows, and takes the collection with
 * it when it escapes; so is every entry an iterator over a local map's entry set returns (its
 * {@code setValue} writes to the map). Any other method (a stream, a method a later JDK adds) lets
 * the receiver go: an allow-list stays safe as the JDK grows.
 */
public final class LocalJdkClasses {
  /** Classes whose instances, made by target code, start local (internal names). */
  private static final Set<String> ADOPTED =
      Set.of(
          "java/util/ArrayList",
          "java/util/LinkedList",
          "java/util/ArrayDeque",
          "java/util/HashMap",
          "java/util/LinkedHashMap",
          "java/util/TreeMap",
          "java/util/HashSet",
          "java/util/LinkedHashSet",
          "java/util/TreeSet",
          "java/util/PriorityQueue",
          "java/util/IdentityHashMap",
          "java/util/BitSet",
          "java/util/Vector",
          "java/util/Stack",
          "java/util/Hashtable",
          "java/lang/StringBuffer",
          "java/util/concurrent/ConcurrentHashMap",
          "java/util/concurrent/ConcurrentLinkedQueue",
          "java/util/concurrent/ConcurrentLinkedDeque",
          "java/util/concurrent/CopyOnWriteArrayList",
          "java/util/concurrent/CopyOnWriteArraySet",
          "java/util/concurrent/ConcurrentSkipListMap",
          "java/util/concurrent/ConcurrentSkipListSet",
          "java/util/concurrent/atomic/AtomicInteger",
          "java/util/concurrent/atomic/AtomicLong",
          "java/util/concurrent/atomic/AtomicBoolean",
          "java/util/concurrent/atomic/AtomicReference");

  /** The adopted classes and their superclasses but {@code Object}: static types they can have. */
  private static final Set<String> SUPERTYPES = supertypes();

  /** Methods that neither return nor hand anything that reaches the receiver. */
  private static final Set<String> KEEP_RECEIVER =
      Set.of(
          // collections and queues
          "add",
          "addAll",
          "addFirst",
          "addLast",
          "offer",
          "offerFirst",
          "offerLast",
          "push",
          "pop",
          "poll",
          "pollFirst",
          "pollLast",
          "peek",
          "peekFirst",
          "peekLast",
          "element",
          "remove",
          "removeFirst",
          "removeLast",
          "removeFirstOccurrence",
          "removeLastOccurrence",
          "removeAll",
          "retainAll",
          "removeIf",
          "contains",
          "containsAll",
          "size",
          "isEmpty",
          "empty",
          "search",
          "clear",
          "get",
          "getFirst",
          "getLast",
          "set",
          "indexOf",
          "lastIndexOf",
          "toArray",
          "sort",
          "replaceAll",
          "forEach",
          "equals",
          "hashCode",
          "toString",
          "ensureCapacity",
          "trimToSize",
          "clone",
          "first",
          "last",
          "ceiling",
          "floor",
          "higher",
          "lower",
          "comparator",
          "addIfAbsent",
          "addAllAbsent",
          // maps
          "put",
          "putAll",
          "putIfAbsent",
          "getOrDefault",
          "containsKey",
          "containsValue",
          "replace",
          "compute",
          "computeIfAbsent",
          "computeIfPresent",
          "merge",
          "firstKey",
          "lastKey",
          "ceilingKey",
          "floorKey",
          "higherKey",
          "lowerKey",
          "mappingCount",
          // iterators and map entries (views)
          "getKey",
          "getValue",
          "setValue",
          "hasNext",
          "next",
          "hasPrevious",
          "previous",
          "nextIndex",
          "previousIndex",
          "forEachRemaining",
          // string buffers
          "append",
          "insert",
          "length",
          "charAt",
          "setLength",
          "setCharAt",
          "deleteCharAt",
          "delete",
          "reverse",
          "substring",
          "capacity",
          "codePointAt",
          "codePointBefore",
          "codePointCount",
          "offsetByCodePoints",
          "getChars",
          "subSequence",
          "compareTo",
          // atomics
          "lazySet",
          "getAndSet",
          "compareAndSet",
          "weakCompareAndSet",
          "weakCompareAndSetPlain",
          "weakCompareAndSetVolatile",
          "weakCompareAndSetAcquire",
          "weakCompareAndSetRelease",
          "compareAndExchange",
          "compareAndExchangeAcquire",
          "compareAndExchangeRelease",
          "getAndIncrement",
          "getAndDecrement",
          "getAndAdd",
          "incrementAndGet",
          "decrementAndGet",
          "addAndGet",
          "getAndUpdate",
          "updateAndGet",
          "getAndAccumulate",
          "accumulateAndGet",
          "intValue",
          "longValue",
          "floatValue",
          "doubleValue",
          "getPlain",
          "setPlain",
          "getOpaque",
          "setOpaque",
          "getAcquire",
          "setRelease",
          // bit sets
          "and",
          "or",
          "xor",
          "andNot",
          "intersects",
          "flip",
          "cardinality",
          "nextSetBit",
          "nextClearBit",
          "previousSetBit",
          "previousClearBit",
          "toByteArray",
          "toLongArray");

  /** Methods whose result shows the receiver: local while it is, and taking it when it escapes. */
  private static final Set<String> VIEWS =
      Set.of(
          "iterator",
          "listIterator",
          "descendingIterator",
          "keySet",
          "values",
          "entrySet",
          "navigableKeySet",
          "descendingKeySet",
          "descendingSet",
          "descendingMap",
          "headMap",
          "tailMap",
          "subMap",
          "headSet",
          "tailSet",
          "subSet",
          "subList");

  private LocalJdkClasses() {}

  /** Whether target code's {@code new} of this class (internal name) makes a local object. */
  public static boolean isAdopted(String internalName) {
    return ADOPTED.contains(internalName);
  }

  /** Whether objects of this class start local when target code makes them. */
  public static boolean isAdopted(Class<?> type) {
    return ADOPTED_CLASSES.get(type);
  }

  /** Asked at every object target code constructs: answered once per class. */
  private static final ClassValue<Boolean> ADOPTED_CLASSES =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          return type.getClassLoader() == null
              && ADOPTED.contains(type.getName().replace('.', '/'));
        }
      };

  /**
   * Whether {@code object} is the JDK's own (an adopted collection or a view of one, when it is
   * local): it holds no local object, and its calls are judged by the lists here.
   */
  public static boolean isJdkObject(Object object) {
    return JDK_CLASSES.get(object.getClass());
  }

  private static final ClassValue<Boolean> JDK_CLASSES =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          return type.getClassLoader() == null && !type.isArray();
        }
      };

  /** What a call on a local JDK object (or a view of one) does to it, by the method called. */
  public enum CallRule {
    /** Returns a view of the receiver, which stays local with it. */
    VIEW,
    /** Returns the receiver map's entry set, a view whose iterators return entries of the map. */
    ENTRY_SET_VIEW,
    /** {@code next}: an entry of the map if the receiver iterates a local map's entry set. */
    NEXT,
    /** Returns nothing that reaches the receiver: it stays local. */
    KEEP,
    /** Anything else: the receiver escapes. */
    LET_GO
  }

  private static final ConcurrentHashMap<String, CallRule> RULES = new ConcurrentHashMap<>();

  /**
   * The rule for a call of {@code method} (a name and descriptor): decided once per method, as the
   * same call sites run over and over (the string is the call site's constant).
   */
  public static CallRule ruleFor(String method) {
    CallRule rule = RULES.get(method);
    if (rule == null) {
      rule = RULES.computeIfAbsent(method, LocalJdkClasses::decideRule);
    }
    return rule;
  }

  private static CallRule decideRule(String method) {
    if (returnsView(method)) {
      return method.startsWith("entrySet(") ? CallRule.ENTRY_SET_VIEW : CallRule.VIEW;
    }
    if (!keepsReceiver(method)) {
      return CallRule.LET_GO;
    }
    return method.startsWith("next(") ? CallRule.NEXT : CallRule.KEEP;
  }

  /**
   * Whether a value of this static type (a class, internal name) can be a local JDK object: one of
   * the adopted classes or a superclass of one. Interfaces are not answered here.
   */
  public static boolean mayBeAdopted(String internalName) {
    return SUPERTYPES.contains(internalName);
  }

  /**
   * Whether a call of {@code method} (a name, or a name and descriptor) keeps an adopted receiver,
   * or a view of one, local. The bulk operations of {@code ConcurrentHashMap} that take a
   * parallelism threshold first run in other threads and let it go.
   */
  private static boolean keepsReceiver(String method) {
    int paren = method.indexOf('(');
    if (paren >= 0 && method.startsWith("(J", paren)) {
      return false;
    }
    return KEEP_RECEIVER.contains(paren < 0 ? method : method.substring(0, paren));
  }

  /**
   * Whether a call of this method (a name) may return a view: one of the view methods, or {@code
   * next} (an iterator over a local map's entries returns entries that write through to it, known
   * only at run time).
   */
  public static boolean mayReturnView(String name) {
    return VIEWS.contains(name) || name.equals("next");
  }

  /** Whether {@code method}'s result is a view of the receiver (the same rules as for it). */
  private static boolean returnsView(String method) {
    int paren = method.indexOf('(');
    return VIEWS.contains(paren < 0 ? method : method.substring(0, paren));
  }

  private static Set<String> supertypes() {
    Set<String> out = new HashSet<>();
    for (String name : ADOPTED) {
      try {
        for (Class<?> c = Class.forName(name.replace('/', '.'), false, null);
            c != null && c != Object.class;
            c = c.getSuperclass()) {
          out.add(c.getName().replace('.', '/'));
        }
      } catch (ClassNotFoundException e) {
        out.add(name);
      }
    }
    return Set.copyOf(out);
  }
}
