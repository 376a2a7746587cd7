package dev.weft.fuzz.cluster;

/**
 * What every member of a cluster must have in common: the target (its description and a hash of its
 * class files) and the Weft version. Entries and finding signatures of another target, or of a Weft
 * that computes coverage keys otherwise, would mislead the members that import them.
 *
 * @param target the target's description and class-file hash
 * @param version the Weft version
 */
public record MemberIdentity(String target, String version) {
  static final String TARGET_ATTRIBUTE = "weft.target";
  static final String VERSION_ATTRIBUTE = "weft.version";
}
