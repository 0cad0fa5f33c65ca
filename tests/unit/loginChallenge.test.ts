import { describe, expect, it } from 'vitest';
import { challengeBits, difficultyFor, LOGIN_CHALLENGE, leadingZeroBits, proofHolds, solveChallenge } from '../../src/domain/loginChallenge';

describe('login challenges', () => {
  it('count leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('read the difficulty from the id, only within the allowed range', () => {
    expect(challengeBits(`${LOGIN_CHALLENGE.baseBits}.abcdefghijklmnop`)).toBe(LOGIN_CHALLENGE.baseBits);
    expect(challengeBits('3.abcdefghijklmnop')).toBeUndefined();
    expect(challengeBits(`${LOGIN_CHALLENGE.maxBits + 1}.abcdefghijklmnop`)).toBeUndefined();
    expect(challengeBits('14.short')).toBeUndefined();
    expect(challengeBits('14.abc/defghijklmnop')).toBeUndefined();
  });

  it('grow harder with the proven line, up to the cap', () => {
    expect(difficultyFor(0)).toBe(LOGIN_CHALLENGE.baseBits);
    expect(difficultyFor(LOGIN_CHALLENGE.waitingPerBit)).toBe(LOGIN_CHALLENGE.baseBits + 1);
    expect(difficultyFor(10_000)).toBe(LOGIN_CHALLENGE.maxBits);
  });

  it('are solved, and the proof holds for its id only', async () => {
    const id = `${LOGIN_CHALLENGE.baseBits}.abcdefghijklmnopqrstuv`;
    const proof = await solveChallenge(id);
    expect(proofHolds(proof)).toBe(true);
    expect(proofHolds({ id: `${LOGIN_CHALLENGE.baseBits}.zyxwvutsrqponmlkjihgfe`, nonce: proof.nonce })).toBe(false);
    expect(proofHolds({ id, nonce: 'abc' })).toBe(false);
    expect(proofHolds({ id: '99.abcdefghijklmnopqrstuv', nonce: proof.nonce })).toBe(false);
  });
});
