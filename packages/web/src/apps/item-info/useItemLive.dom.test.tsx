import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { itemQueries } from './queries.js';
import { useItemLive } from './useItemLive.js';

type Handler = (message: { payload: { codes: string[] } }) => void;
const handlers = vi.hoisted(() => new Map<string, Handler>());
vi.mock('../../platform/live.js', () => ({
  useLiveMessage: (kind: string, handler: Handler) => handlers.set(kind, handler),
}));

function Probe({ code }: { code: string }) {
  useItemLive(code, () => ['01-A01-01']);
  return null;
}

const keys = {
  item: itemQueries.detail('ITEM-001').queryKey,
  stock: itemQueries.stock('ITEM-001').queryKey,
  defaults: itemQueries.defaultLocations('ITEM-001', 'present').queryKey,
  documents: itemQueries.openDocuments('ITEM-001').queryKey,
  other: itemQueries.detail('ITEM-002').queryKey,
};

function setUp() {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData<unknown>(key, {});
  render(
    <QueryClientProvider client={client}>
      <Probe code="ITEM-001" />
    </QueryClientProvider>,
  );
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { invalidated };
}

describe('useItemLive', () => {
  beforeEach(() => handlers.clear());

  it('refreshes everything of the item on ITEM_CHANGED for its code, in any case', () => {
    const { invalidated } = setUp();
    act(() => handlers.get('ITEM_CHANGED')!({ payload: { codes: ['ITEM-002x'] } }));
    expect(invalidated()).toEqual([]);
    act(() => handlers.get('ITEM_CHANGED')!({ payload: { codes: ['item-001'] } }));
    expect(invalidated()).toEqual(['item', 'stock', 'defaults', 'documents']);
  });

  it('refreshes stock and default locations when one of its locations changed, nothing for others', () => {
    const { invalidated } = setUp();
    act(() => handlers.get('BIN_LOCATION_CHANGED')!({ payload: { codes: ['02-P01-01'] } }));
    expect(invalidated()).toEqual([]);
    act(() => handlers.get('BIN_LOCATION_CHANGED')!({ payload: { codes: ['01-a01-01'] } }));
    expect(invalidated()).toEqual(['stock', 'defaults']);
  });
});
