/** Shared fixtures of the item info component tests (jsdom): an item, a fetch router and a render helper. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Item, ItemStockRow } from '@wms/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

export const demoItem: Item = {
  code: 'ITEM-001',
  visualCode: 'ITEM-001',
  name: 'Hex bolt M8x40',
  secondName: 'Zeskantbout M8x40',
  barcode: '8712345000011',
  barcode2: '8712345000028',
  barcode3: null,
  barcodeInvQty: 1,
  barcode2InvQty: 12,
  barcode3InvQty: 1,
  units: 'pcs',
  groupName: 'Fasteners',
  managedBy: 'NORMAL',
  serialManagedByDispatch: false,
  avgPrice: 0.12,
  active: true,
  isStockItem: true,
  isSalesBomItem: false,
  isProductionItem: false,
  weightInMg: 15_000,
  productionIssueMethod: null,
  productionMaterialToleranceValue: null,
  productionMaterialToleranceType: null,
  blockForQcType: null,
  hasBatch: false,
  serial: false,
  receiptScanPreferences: {
    scanExpirationDate: false,
    scanManufacturingDate: false,
    scanManufacturingBatch: false,
    scanManufacturingSerial: false,
  },
  imagePath: null,
  pdfPath: null,
  mlToMg: null,
  version: 3,
};

export function stockRow(bin: string, onHandQty: number, restricted = false): ItemStockRow {
  return {
    binLocation: {
      code: bin,
      visualCode: bin,
      warehouseCode: '01',
      locationType: 'BULK',
      physicalLocationType: 'NORMAL',
      stockMovementRestricted: restricted,
    },
    batch: null,
    serialNumber: null,
    onHandQty,
    releasedQty: 0,
    pickQty: 0,
    qcPending: false,
    qcPendingQty: 0,
    freeToMoveQty: onHandQty,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

/** Renders under a router at `path` (routes /item/item_info and /:itemcode) with a fresh query client. */
export function renderAt(path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/item/item_info" element={element} />
          <Route path="/item/item_info/:itemcode" element={element} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export { fakeViewport, stubFetch, type Call, type Route } from '../../test-support/fetch-stub.js';
