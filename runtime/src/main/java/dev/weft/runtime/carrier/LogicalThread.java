package dev.weft.runtime.carrier;

/**
 * A thread of a run as a carrier sees it: something to be bound to the carrier while it executes,
 * and nothing more. Carriers know no other part of the scheduler, so they can be reasoned about
 * (and kept) apart from it; the scheduler's {@code ControlledThread} is the only kind.
 */
public interface LogicalThread {}
