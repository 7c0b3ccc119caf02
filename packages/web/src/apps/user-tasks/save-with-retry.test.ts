import { describe, expect, it } from 'vitest';
import { saveWithRetry } from './save-with-retry.js';

class Conflict extends Error {
  status = 412;
}

describe('saveWithRetry', () => {
  it('re-reads, re-applies the edit and writes again after each 412, three retries at most', async () => {
    let stored = { version: 1, title: 'old', text: 'kept' };
    let conflicts = 3;
    const reads: number[] = [];
    const writes: number[] = [];
    const answer = await saveWithRetry(
      async () => {
        reads.push(stored.version);
        return { ...stored };
      },
      (current) => ({ ...current, title: 'new' }),
      async (next) => {
        writes.push(next.version);
        if (conflicts > 0) {
          conflicts -= 1;
          stored = { ...stored, version: stored.version + 1, text: `changed ${stored.version}` };
          throw new Conflict();
        }
        stored = { ...next, version: next.version + 1 };
        return stored;
      },
    );
    expect(reads).toEqual([1, 2, 3, 4]);
    expect(writes).toEqual([1, 2, 3, 4]);
    expect(answer).toEqual({ version: 5, title: 'new', text: 'changed 3' });
  });

  it('gives up after the third retry with the conflict', async () => {
    let writes = 0;
    const failing = saveWithRetry(
      async () => ({ version: 1 }),
      (current) => current,
      async () => {
        writes += 1;
        throw new Conflict();
      },
    );
    await expect(failing).rejects.toBeInstanceOf(Conflict);
    expect(writes).toBe(4);
  });

  it('does not retry other failures', async () => {
    let writes = 0;
    await expect(
      saveWithRetry(
        async () => ({ version: 1 }),
        (current) => current,
        async () => {
          writes += 1;
          throw Object.assign(new Error('bad'), { status: 400 });
        },
      ),
    ).rejects.toThrow('bad');
    expect(writes).toBe(1);
  });
});
