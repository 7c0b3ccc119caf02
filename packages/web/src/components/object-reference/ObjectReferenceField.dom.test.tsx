import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { itemEndpoints, pathOf } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ObjectReferenceField, referenceDebounceMs, type ResolvedObject } from './ObjectReferenceField.js';

vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn(async (url: string) => {
  if (url.endsWith(pathOf(itemEndpoints.find, { code: 'ITEM1' })))
    return json(200, {
      item: { code: 'ITEM1', visualCode: 'ITEM1', name: 'First item' },
      matchedBy: 'CODE',
      quantity: 1,
    });
  const code = decodeURIComponent(url.split('/').pop()!.split('?')[0]!);
  return json(404, { status: 404, key: 'unknownItemForCode', args: { code }, message: 'not found' });
});

const onResolved = vi.fn<(object: ResolvedObject | null) => void>();

function Field() {
  const [value, setValue] = useState('');
  return <ObjectReferenceField type="item" value={value} onChange={setValue} onResolved={onResolved} label="Item" />;
}

describe('ObjectReferenceField', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    onResolved.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows is-invalid with the server error text for an unknown code (on blur)', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Item');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.className).toContain('is-invalid'));
    expect(screen.getByTestId('object-reference-error').textContent).toBe('No item found for code NOPE.');
    expect(fetchMock).toHaveBeenCalledWith(pathOf(itemEndpoints.find, { code: 'NOPE' }), expect.anything());
    expect(onResolved).not.toHaveBeenCalledWith(expect.objectContaining({ code: 'NOPE' }));
  });

  it('resolves on Enter and shows the name when found', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Item');
    fireEvent.change(input, { target: { value: 'ITEM1' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.className).toContain('is-valid'));
    expect(screen.getByTestId('object-reference-name').textContent).toBe('ITEM1 — First item');
    expect(onResolved).toHaveBeenLastCalledWith({ code: 'ITEM1', visualCode: 'ITEM1', name: 'First item' });
  });

  it('resolves once, debounced, after typing stops', async () => {
    vi.useFakeTimers();
    render(<Field />);
    const input = screen.getByLabelText('Item');
    for (const text of ['N', 'NO', 'NOP', 'NOPE']) {
      fireEvent.change(input, { target: { value: text } });
      act(() => {
        vi.advanceTimersByTime(referenceDebounceMs / 2);
      });
    }
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(referenceDebounceMs);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(input.className).toContain('is-invalid');
  });

  it('goes back to neutral when emptied', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Item');
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.className).toContain('is-invalid'));
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.className).not.toContain('is-invalid'));
    expect(onResolved).toHaveBeenLastCalledWith(null);
  });
});
