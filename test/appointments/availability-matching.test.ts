import { describe, expect, it } from 'vitest';
import { distinctPicks } from '../../src/appointments/availability/slots.js';

// Services that start together each need their own employee (and resource). The choice is a
// matching, not first-come-first-served: these pin it down without a world.

describe('distinctPicks', () => {
  it('gives every slot its own option, in the order the options are listed where it can', () => {
    expect(
      distinctPicks([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toEqual(['a', 'b']);
  });

  it('moves an earlier pick where first-free would leave a later slot with nothing', () => {
    // First-free gives A to the first service and leaves the second, which only A can do, empty.
    expect(distinctPicks([['A', 'B'], ['A']])).toEqual(['B', 'A']);
  });

  it('answers undefined when there are fewer options than slots need', () => {
    expect(distinctPicks([['A'], ['A']])).toBeUndefined();
    expect(
      distinctPicks([
        ['A', 'B'],
        ['A', 'B'],
        ['B', 'A'],
      ]),
    ).toBeUndefined();
    expect(distinctPicks([[]])).toBeUndefined();
  });

  it('no slots need nothing', () => {
    expect(distinctPicks([])).toEqual([]);
  });
});
