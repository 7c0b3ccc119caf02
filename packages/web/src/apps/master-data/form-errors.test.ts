import { itemCreateRequestSchema } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/http.js';
import { placeApiError, schemaErrors } from './form-errors.js';

const fields = ['code', 'name', 'barcode2', 'maximalStockLevel', 'active'];

describe('where a refusal of the server is shown', () => {
  it('at the field its args name, else at the field its key is about, else above the form', () => {
    expect(
      placeApiError(new ApiError(422, 'barcodeInUse', { barcode: 'B', owner: 'X', field: 'barcode2' }), fields),
    ).toEqual([
      {
        field: 'barcode2',
        error: { key: 'errors:barcodeInUse', args: { barcode: 'B', owner: 'X', field: 'barcode2' } },
      },
    ]);
    expect(placeApiError(new ApiError(409, 'codeAlreadyExists', { code: 'A' }), fields)[0]?.field).toBe('code');
    expect(placeApiError(new ApiError(422, 'masterDataHoldsStock', { code: 'A' }), fields)[0]?.field).toBe('active');
    expect(placeApiError(new ApiError(409, 'masterDataOwnedByErp', { erpType: 'SAP' }), fields)).toEqual([
      { field: null, error: { key: 'errors:masterDataOwnedByErp', args: { erpType: 'SAP' } } },
    ]);
    // A field the form does not show goes above it.
    expect(placeApiError(new ApiError(422, 'x' as never, { field: 'addressCode' }), fields)[0]?.field).toBeNull();
    expect(placeApiError(new Error('boom'), fields)).toEqual([{ field: null, error: { key: 'common:unknownError' } }]);
  });

  it('puts the invalid fields of a 400 at their fields, and the rest above the form', () => {
    const invalid = new ApiError(400, 'invalidInput', {
      fields: [{ field: 'body.name' }, { field: 'body.receiptScanPreferences.scanExpirationDate' }],
    });
    expect(placeApiError(invalid, fields)).toEqual([
      { field: 'name', error: { key: 'masterData:check.invalid' } },
      { field: null, error: { key: 'errors:invalidInput' } },
    ]);
  });
});

describe("the contract's schema judged in the browser", () => {
  it('names each field that fails: required, too long, invalid', () => {
    const errors = schemaErrors(itemCreateRequestSchema, {
      code: ' ',
      name: 'x'.repeat(201),
      barcodeInvQty: 0,
    });
    expect(errors).toEqual({
      code: { key: 'masterData:check.required' },
      name: { key: 'masterData:check.tooLong', args: { max: 200 } },
      barcodeInvQty: { key: 'masterData:check.invalid' },
    });
    expect(schemaErrors(itemCreateRequestSchema, { code: 'A', name: 'B' })).toEqual({});
  });
});
