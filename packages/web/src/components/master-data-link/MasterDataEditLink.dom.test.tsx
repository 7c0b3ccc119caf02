import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MasterDataEditLink } from './MasterDataEditLink.js';

const visible = vi.hoisted(() => ({ ids: [] as string[] }));
vi.mock('../../platform/useVisibleApps.js', () => ({ useVisibleApps: () => visible.ids.map((id) => ({ id })) }));

const renderLink = (tab: 'items' | 'binLocations', code: string) =>
  render(
    <MemoryRouter>
      <MasterDataEditLink tab={tab} code={code} />
    </MemoryRouter>,
  );

describe('the edit link of item info and location info', () => {
  it('opens the record in the master data app, only for a user who may open that app', () => {
    visible.ids = ['itemInfo', 'masterData'];
    renderLink('items', 'ITEM 1/A');
    expect(screen.getByTestId('master-data-edit-link').getAttribute('href')).toBe(
      '/setup/master_data?tab=items&edit=ITEM+1%2FA',
    );
  });

  it('is not there without the master data app (no role, an ERP, or not built)', () => {
    visible.ids = ['itemInfo'];
    renderLink('binLocations', '01-A-01');
    expect(screen.queryByTestId('master-data-edit-link')).toBeNull();
  });
});
