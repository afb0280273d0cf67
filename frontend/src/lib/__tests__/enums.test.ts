import { describe, expect, it } from 'vitest';
import { everyMember } from '../enums';

type Letter = 'a' | 'b' | 'c';

describe('everyMember', () => {
  it('answers the list as it is, in its order', () => {
    expect(everyMember<Letter>()(['c', 'a', 'b'])).toEqual(['c', 'a', 'b']);
  });

  it('fails tsc on a list that leaves a member out or names another', () => {
    // @ts-expect-error 'c' is left out
    everyMember<Letter>()(['a', 'b']);
    // @ts-expect-error 'd' is no member
    everyMember<Letter>()(['a', 'b', 'c', 'd']);
  });
});
