import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/http.js';
import { IdempotencyKeeper } from './idempotency-keeper.js';

function keeper() {
  let n = 0;
  return new IdempotencyKeeper(() => `key-${++n}`);
}

const body = { lines: [{ fromLocation: 'A', item: 'I', quantity: 1 }], toLocation: 'B' };

describe('IdempotencyKeeper', () => {
  it('keeps the key after a network failure, so the retry of the same request reuses it', async () => {
    const k = keeper();
    const sent: string[] = [];
    await expect(
      k.send(body, async (key) => {
        sent.push(key);
        throw new ApiError(0, 'networkError');
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(k.pendingKey).toBe('key-1');
    const answer = await k.send({ ...body }, async (key) => {
      sent.push(key);
      return 'moved';
    });
    expect(answer).toBe('moved');
    expect(sent).toEqual(['key-1', 'key-1']);
    expect(k.pendingKey).toBeNull();
  });

  it('keeps the key after a server error (the answer is unknown)', async () => {
    const k = keeper();
    await expect(k.send(body, () => Promise.reject(new ApiError(503, 'unknownNetworkError')))).rejects.toThrow();
    expect(k.pendingKey).toBe('key-1');
  });

  it('makes a fresh key after a success', async () => {
    const k = keeper();
    const sent: string[] = [];
    await k.send(body, async (key) => sent.push(key));
    await k.send(body, async (key) => sent.push(key));
    expect(sent).toEqual(['key-1', 'key-2']);
  });

  it('makes a fresh key after a refusal: the server answered and moved nothing', async () => {
    const k = keeper();
    await expect(
      k.send(body, () => Promise.reject(new ApiError(422, 'notEnoughAvailableStock'))),
    ).rejects.toBeInstanceOf(ApiError);
    expect(k.pendingKey).toBeNull();
    expect(k.keyFor(body)).toBe('key-2');
  });

  it('takes back a saved pending request (the app reopened) and tells each change', async () => {
    const first = keeper();
    await expect(first.send(body, () => Promise.reject(new ApiError(0, 'networkError')))).rejects.toThrow();
    const saved = JSON.parse(JSON.stringify(first.pendingRequest)) as unknown;
    const second = new IdempotencyKeeper(() => 'other');
    let changes = 0;
    second.subscribe(() => (changes += 1));
    second.restore(saved);
    expect(second.keyFor({ ...body })).toBe('key-1');
    await second.send(body, async () => 'moved');
    expect(second.pendingRequest).toBeNull();
    expect(changes).toBe(2);
    second.restore({ key: 5 });
    expect(second.pendingRequest).toBeNull();
  });

  it('makes a fresh key for another request body', () => {
    const k = keeper();
    expect(k.keyFor(body)).toBe('key-1');
    expect(k.keyFor(body)).toBe('key-1');
    expect(k.keyFor({ ...body, toLocation: 'C' })).toBe('key-2');
  });

  it('uses crypto.randomUUID by default', () => {
    expect(new IdempotencyKeeper().keyFor(body)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
