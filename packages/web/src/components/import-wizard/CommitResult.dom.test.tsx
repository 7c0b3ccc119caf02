import { render, screen } from '@testing-library/react';
import type { ImportSession } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CommitResult } from './CommitResult.js';

const session = (created: number): ImportSession => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'items',
  status: 'COMMITTED',
  fileName: 'items.xlsx',
  sheet: 'Items',
  sheets: ['Items'],
  headers: ['code'],
  mapping: { code: 0 },
  rowCount: created,
  counts: { valid: created, warning: 0, error: 0 },
  commitMode: 'ALL_OR_NOTHING',
  result: {
    created: Array.from({ length: created }, (_, n) => ({ type: 'PRICE_LIST', code: `LIST-${n}` })),
    committedRows: created,
    skippedRows: 0,
  },
  failure: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-26T10:00:00.000Z',
});

describe('the import result', () => {
  it('lists the first 200 created records of a large import and counts the rest', () => {
    render(
      <MemoryRouter>
        <CommitResult session={session(250)} onNewImport={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('import-created-record')).toHaveLength(200);
    expect(screen.getByTestId('import-created-more').textContent).toBe('and 50 more');
  });

  it('lists every record of a small import', () => {
    render(
      <MemoryRouter>
        <CommitResult session={session(3)} onNewImport={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('import-created-record')).toHaveLength(3);
    expect(screen.queryByTestId('import-created-more')).toBeNull();
  });
});
