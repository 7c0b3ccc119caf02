import { screen, within } from '@testing-library/react';
import { itemActionEndpoints, itemEndpoints, pathOf, type ItemDetail } from '@wms/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemInfoApp } from './ItemInfoApp.js';
import { demoItem, fakeViewport, renderAt, stubFetch } from './test-support.js';

vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ hasRole: (role: string) => role === 'information', me: null }),
}));
vi.mock('../../platform/config.js', () => ({ useConfig: () => ({ operationMode: 'NORMAL' }) }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/live.js', () => ({ useLiveMessage: () => undefined }));
vi.mock('../../components/custom-grid/CustomGrids.js', () => ({ CustomGrids: () => null }));
vi.mock('./StockForecastChart.js', () => ({ StockForecastChart: () => null }));

const item1 = { code: 'ITEM-001' };

function serve(item: ItemDetail) {
  fakeViewport();
  stubFetch((method, url) => {
    const path = url.split('?')[0]!;
    if (path === pathOf(itemEndpoints.get, item1)) return { json: item };
    if (path === pathOf(itemEndpoints.binLocations, item1)) return { json: [] };
    if (path === pathOf(itemEndpoints.openDocuments, item1)) return { json: [] };
    if (path === pathOf(itemActionEndpoints.defaultLocations, item1)) return { json: [] };
    return method === 'GET' ? undefined : { json: {} };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the item view in the user language', () => {
  it("heads the view with the item's name in the user language and lists it beside the item's own name", async () => {
    serve({
      ...demoItem,
      translationLanguage: 'de',
      translatedName: 'Sechskantschraube M8x40',
      translatedSecondName: 'verzinkt',
    });
    renderAt('/item/item_info/ITEM-001', <ItemInfoApp />);
    const heading = await screen.findByTestId('item-heading-name');
    expect(heading.textContent).toBe('Sechskantschraube M8x40');
    expect(heading.getAttribute('title')).toBe('Hex bolt M8x40');
    const information = await screen.findByTestId('item-information');
    expect(within(information).getByTestId('field-name').textContent).toContain('Hex bolt M8x40');
    expect(within(information).getByTestId('field-translatedName').textContent).toBe(
      'Name (German)Sechskantschraube M8x40',
    );
    expect(within(information).getByTestId('field-translatedSecondName').textContent).toBe(
      'Second name (German)verzinkt',
    );
  });

  it("shows the item's own name when it has no translation in the user language", async () => {
    serve({ ...demoItem, translationLanguage: 'nl', translatedName: null, translatedSecondName: null });
    renderAt('/item/item_info/ITEM-001', <ItemInfoApp />);
    const heading = await screen.findByTestId('item-heading-name');
    expect(heading.textContent).toBe('Hex bolt M8x40');
    expect(heading.getAttribute('title')).toBeNull();
    const information = await screen.findByTestId('item-information');
    expect(within(information).queryByTestId('field-translatedName')).toBeNull();
  });
});
