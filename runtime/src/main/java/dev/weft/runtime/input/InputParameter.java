package dev.weft.runtime.input;

/**
 * What a target method takes from Weft's input search: nothing (its behaviour depends on the
 * schedule alone), the raw input bytes, or Jazzer's {@code FuzzedDataProvider} over them. A target
 * that takes either is a fuzz target: its input is searched together with its schedule.
 */
public enum InputParameter {
  NONE,
  BYTES,
  PROVIDER;

  /** The kind of a parameter type, or null if it is neither {@code byte[]} nor the provider. */
  public static InputParameter of(Class<?> parameterType) {
    if (parameterType == byte[].class) {
      return BYTES;
    }
    if (parameterType.isInterface() && parameterType.getName().equals(JazzerProvider.INTERFACE)) {
      return PROVIDER;
    }
    return null;
  }

  /** The argument a run passes for this kind of parameter over {@code input}. */
  public Object argument(Class<?> parameterType, FuzzedInput input) {
    return switch (this) {
      case NONE -> throw new IllegalStateException("no input parameter");
      case BYTES -> input.bytes();
      case PROVIDER -> JazzerProvider.over(parameterType, input);
    };
  }
}
