package dev.weft.runtime.input;

/**
 * Turns arbitrary input bytes into a string the way Jazzer's provider does: the bytes are read as
 * the JVM's modified UTF-8 and fixed up, byte by byte, into a valid encoding that stays as close to
 * them as it can (ASCII passes unchanged, a malformed sequence is repaired rather than skipped, an
 * incomplete last character is dropped); with {@code stopOnBackslash} a single backslash ends the
 * string and a double one stands for one. Same bytes, same string, same bytes consumed as there, so
 * that an input found by either tool means the same to the other.
 */
final class ModifiedUtf8 {
  private ModifiedUtf8() {}

  /** The string and how many input bytes it took. */
  record Result(String text, int consumed) {}

  private enum State {
    LEADING,
    AFTER_BACKSLASH,
    CONTINUATION,
    CONTINUATION_LOW_LEADING,
    FIRST_CONTINUATION_LOW_LEADING,
    FIRST_CONTINUATION_SURROGATE_LEADING,
    FIRST_CONTINUATION,
    SECOND_CONTINUATION,
    LEADING_LOW_SURROGATE,
    FIRST_CONTINUATION_LOW_SURROGATE,
    SECOND_CONTINUATION_HIGH_SURROGATE,
    SECOND_CONTINUATION_LOW_SURROGATE
  }

  private static final int TWO_BYTE_ZERO_LEADING = 0b11000000;
  private static final int TWO_BYTE_ZERO_CONTINUATION = 0b10000000;
  private static final int THREE_BYTE_LOW_LEADING = 0b11100000;
  private static final int SURROGATE_LEADING = 0b11101101;

  private static int leadingOnes(int b) {
    return b == 0xFF ? 8 : Integer.numberOfLeadingZeros(~b & 0xFF) - 24;
  }

  private static int continuation(int b) {
    return (b | 0x80) & ~0x40 & 0xFF;
  }

  static Result fixUp(
      byte[] data, int start, int maxBytes, int maxLength, boolean ascii, boolean stopOnBackslash) {
    byte[] out = new byte[(int) Math.min(6L * maxLength, 2L * maxBytes) + 6];
    int n = 0;
    State state = State.LEADING;
    int pos = start;
    int end = start + maxBytes;
    int length = 0;
    boolean done = false;
    while (length < maxLength && pos != end) {
      int c = data[pos] & 0xFF;
      if (ascii) {
        c &= 0x7F;
      }
      boolean append = true;
      switch (state) {
        case LEADING -> {
          int ones = ascii ? 0 : leadingOnes(c);
          if (ones == 0) {
            if (c == 0) {
              out[n++] = (byte) TWO_BYTE_ZERO_LEADING;
              c = TWO_BYTE_ZERO_CONTINUATION;
            } else if (stopOnBackslash && c == '\\') {
              state = State.AFTER_BACKSLASH;
              append = false;
              break;
            }
            length++;
          } else if (ones == 1 || ones == 2) {
            if (ones == 1) {
              c |= 1 << 6;
              c &= ~(1 << 5);
            }
            state = (c & 0b00011110) == 0 ? State.CONTINUATION_LOW_LEADING : State.CONTINUATION;
          } else {
            if (ones > 3) {
              c &= ~(1 << 4);
            }
            if (c == THREE_BYTE_LOW_LEADING) {
              state = State.FIRST_CONTINUATION_LOW_LEADING;
            } else if (c == SURROGATE_LEADING) {
              state = State.FIRST_CONTINUATION_SURROGATE_LEADING;
            } else {
              state = State.FIRST_CONTINUATION;
            }
          }
        }
        case AFTER_BACKSLASH -> {
          if (c != '\\') {
            pos++;
            done = true;
            append = false;
            break;
          }
          state = State.LEADING;
          length++;
        }
        case CONTINUATION_LOW_LEADING -> {
          c = continuation(c);
          int previous = out[n - 1] & 0xFF;
          if (previous != TWO_BYTE_ZERO_LEADING || c != TWO_BYTE_ZERO_CONTINUATION) {
            out[n - 1] = (byte) (previous | (1 << 1));
          }
          state = State.LEADING;
          length++;
        }
        case CONTINUATION -> {
          c = continuation(c);
          state = State.LEADING;
          length++;
        }
        case FIRST_CONTINUATION_LOW_LEADING -> {
          c = continuation(c) | (1 << 5);
          state = State.SECOND_CONTINUATION;
        }
        case FIRST_CONTINUATION_SURROGATE_LEADING -> {
          c = continuation(c);
          if ((c & (1 << 5)) != 0) {
            c |= 1 << 5;
            c &= ~(1 << 4);
            state = State.SECOND_CONTINUATION_HIGH_SURROGATE;
          } else {
            state = State.SECOND_CONTINUATION;
          }
        }
        case FIRST_CONTINUATION -> {
          c = continuation(c);
          state = State.SECOND_CONTINUATION;
        }
        case SECOND_CONTINUATION_HIGH_SURROGATE -> {
          c = continuation(c);
          state = State.LEADING_LOW_SURROGATE;
          length++;
        }
        case SECOND_CONTINUATION_LOW_SURROGATE, SECOND_CONTINUATION -> {
          c = continuation(c);
          state = State.LEADING;
          length++;
        }
        case LEADING_LOW_SURROGATE -> {
          c = SURROGATE_LEADING;
          state = State.FIRST_CONTINUATION_LOW_SURROGATE;
        }
        case FIRST_CONTINUATION_LOW_SURROGATE -> {
          c = continuation(c) | (1 << 5) | (1 << 4);
          state = State.SECOND_CONTINUATION_LOW_SURROGATE;
        }
      }
      if (done) {
        break;
      }
      if (append) {
        out[n++] = (byte) c;
      }
      pos++;
    }
    if (!done) {
      n -= incompleteTail(state);
    }
    return new Result(decode(out, n), pos - start);
  }

  /** The bytes of the character the input ended in the middle of, to take back. */
  private static int incompleteTail(State state) {
    return switch (state) {
      case SECOND_CONTINUATION_LOW_SURROGATE -> 5;
      case FIRST_CONTINUATION_LOW_SURROGATE -> 4;
      case LEADING_LOW_SURROGATE -> 3;
      case SECOND_CONTINUATION, SECOND_CONTINUATION_HIGH_SURROGATE -> 2;
      case CONTINUATION,
          CONTINUATION_LOW_LEADING,
          FIRST_CONTINUATION,
          FIRST_CONTINUATION_LOW_LEADING,
          FIRST_CONTINUATION_SURROGATE_LEADING ->
          1;
      case LEADING, AFTER_BACKSLASH -> 0;
    };
  }

  /** Modified UTF-8 (valid by construction) to UTF-16: one char per 1-, 2- or 3-byte sequence. */
  private static String decode(byte[] b, int n) {
    StringBuilder s = new StringBuilder(n);
    int i = 0;
    while (i < n) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        s.append((char) c);
        i++;
      } else if ((c & 0xE0) == 0xC0) {
        s.append((char) (((c & 0x1F) << 6) | (b[i + 1] & 0x3F)));
        i += 2;
      } else {
        s.append((char) (((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F)));
        i += 3;
      }
    }
    return s.toString();
  }
}
