import { describe, expect, it } from 'vitest';
import type { PickListSummary, Role } from '@wms/contract';
import { createRequestOf, emptyCreateForm } from './create-request.js';
import { shortLinesOf } from './picklist-dialogs.js';
import { initialFilters, pickListQueryOf } from './picklist-filters.js';
import { allowedRowActions, mergeable, picklistPermissions } from './picklist-permissions.js';

const list = (changes: Partial<PickListSummary> = {}): PickListSummary => ({
  code: 'PL-1',
  status: 'RELEASED',
  version: 1,
  priority: 0,
  warehouse: '01',
  customer: null,
  shipDate: null,
  route: null,
  linesTotal: 1,
  linesPicked: 0,
  claimedBy: null,
  packed: false,
  containers: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...changes,
});
const permissionsOf = (...roles: Role[]) => picklistPermissions((role) => roles.includes(role));

describe('pick list actions by role and status', () => {
  it('gives a viewer only the attachments', () => {
    expect(allowedRowActions(list(), permissionsOf('picklistOverview'))).toEqual(['attachments']);
  });

  it('gives a claim manager claim actions by claim state, and no generator actions', () => {
    const manager = permissionsOf('picklistOverview', 'picklistOverviewAuthManageClaims');
    expect(allowedRowActions(list(), manager)).toEqual(['claim', 'promote', 'flush', 'attachments']);
    expect(allowedRowActions(list({ claimedBy: 'anna' }), manager)).toEqual([
      'removeClaim',
      'detachClaim',
      'promote',
      'flush',
      'attachments',
    ]);
  });

  it('offers copy for a started list, packing for a picked one, and nothing but attachments for a closed one', () => {
    const all = permissionsOf('picklistGenerator', 'pickingAuthManageClaims', 'picking');
    expect(allowedRowActions(list({ status: 'PARTLY_PICKED' }), all)).toContain('copy');
    expect(allowedRowActions(list({ status: 'PICKED' }), all)).toEqual(['flush', 'markPacked', 'attachments']);
    expect(allowedRowActions(list({ status: 'PICKED', packed: true }), all)).toEqual([
      'flush',
      'markUnpacked',
      'attachments',
    ]);
    expect(allowedRowActions(list({ status: 'CLOSED', packed: true }), all)).toEqual(['attachments']);
    expect(mergeable(list({ status: 'PARTLY_PICKED' }))).toBe(false);
    expect(mergeable(list({ claimedBy: 'anna' }))).toBe(false);
    expect(mergeable(list())).toBe(true);
  });
});

describe('requests of the overview', () => {
  it('asks the open lists by default and leaves empty filters out', () => {
    expect(pickListQueryOf(initialFilters, 0, 100)).toEqual({ offset: 0, limit: 100, open: true });
    expect(pickListQueryOf({ status: 'PICKED', warehouse: ' 01 ', customer: '', search: 'x' }, 100, 100)).toEqual({
      offset: 100,
      limit: 100,
      status: 'PICKED',
      warehouse: '01',
      search: 'x',
    });
    expect(pickListQueryOf({ ...initialFilters, status: 'all' }, 0, 10)).toEqual({ offset: 0, limit: 10 });
  });

  it('builds the create body of the filters or of the checked lines', () => {
    const form = { ...emptyCreateForm, warehouse: '01', customer: 'C1', shipDateTo: '2025-05-01', priority: '5' };
    expect(createRequestOf(form, [])).toEqual({
      warehouse: '01',
      groupBy: 'ORDER',
      customer: 'C1',
      shipDateTo: '2025-05-01',
      priority: 5,
    });
    expect(createRequestOf({ ...form, mode: 'lines' }, ['SO#1#2'])).toEqual({
      warehouse: '01',
      groupBy: 'ORDER',
      priority: 5,
      lines: [{ salesOrder: 'SO#1', lineNumber: 2 }],
    });
  });

  it('reads the lines of shortReasonRequired from a list or a text', () => {
    expect(shortLinesOf([1, 3])).toEqual([1, 3]);
    expect(shortLinesOf('1, 3')).toEqual([1, 3]);
    expect(shortLinesOf(undefined)).toBeNull();
  });
});
