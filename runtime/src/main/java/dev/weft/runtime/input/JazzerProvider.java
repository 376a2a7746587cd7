package dev.weft.runtime.input;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Jazzer's {@code FuzzedDataProvider} interface, as the target's class loader has it (from {@code
 * jazzer-api} on the target's class path, as under Jazzer), implemented over a {@link FuzzedInput}:
 * Weft neither depends on nor ships Jazzer, so the implementation is a proxy that forwards each
 * abstract method to the method of the same name and parameters of {@link FuzzedInput}, and runs
 * the interface's default methods ({@code pickValue}...) as written, over those.
 */
public final class JazzerProvider {
  /** The binary name of the interface a Jazzer fuzz target takes. */
  public static final String INTERFACE = "com.code_intelligence.jazzer.api.FuzzedDataProvider";

  /** Each interface method's counterpart in {@link FuzzedInput}, found once. */
  private static final Map<Method, Method> OWN = new ConcurrentHashMap<>();

  private JazzerProvider() {}

  private static Method own(Method method) {
    try {
      return FuzzedInput.class.getMethod(method.getName(), method.getParameterTypes());
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /** A provider of {@code providerInterface} (the target loader's copy) over {@code input}. */
  public static Object over(Class<?> providerInterface, FuzzedInput input) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class) {
            return objectMethod(proxy, method, args);
          }
          if (method.isDefault()) {
            return InvocationHandler.invokeDefault(proxy, method, args);
          }
          Method own = OWN.computeIfAbsent(method, JazzerProvider::own);
          if (own == null) {
            throw new UnsupportedOperationException(
                "Weft's FuzzedDataProvider has no " + method + " (a newer jazzer-api?)");
          }
          try {
            return own.invoke(input, args);
          } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return Proxy.newProxyInstance(
        providerInterface.getClassLoader(), new Class<?>[] {providerInterface}, handler);
  }

  private static Object objectMethod(Object proxy, Method method, Object[] args) {
    return switch (method.getName()) {
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      default -> "FuzzedDataProvider (Weft)";
    };
  }
}
