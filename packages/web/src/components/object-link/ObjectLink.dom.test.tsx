import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeStoredUser } from '../../platform/signed-in-user.js';
import { resetLinkMode, useLinkModeListeners } from './link-mode.js';
import { closeAllObjectDialogs, objectDialogStack } from './object-dialog-store.js';
import { ObjectLink, type ObjectLinkProps } from './ObjectLink.js';

const holdMs = 800;

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function Listeners() {
  useLinkModeListeners();
  return null;
}

interface Options {
  inButton?: boolean;
  onButton?: () => void;
  onParentClick?: () => void;
}

function renderLink(props: ObjectLinkProps, options: Options = {}) {
  const link = <ObjectLink {...props} />;
  render(
    <MemoryRouter initialEntries={['/start']}>
      <Listeners />
      <Routes>
        <Route
          path="*"
          element={
            <>
              {options.inButton ? (
                <button type="button" onClick={options.onButton}>
                  {link}
                </button>
              ) : (
                <div onClick={options.onParentClick}>{link}</div>
              )}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByTestId('object-link');
}

const touch = (element: Element) => ({ touches: [{ clientX: 10, clientY: 10, target: element }] });

describe('ObjectLink', () => {
  beforeEach(() => {
    writeStoredUser({
      userId: 1,
      username: 'admin',
      userSettings: { preferredLanguage: 'en', popupDuration: 5000, linkableHoldToOpenDuration: holdMs },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    closeAllObjectDialogs();
    resetLinkMode();
  });

  it('shows the code as a link and opens the dialog on click', () => {
    const link = renderLink({ type: 'batch', code: 'B-1', itemCode: 'ITEM1' });
    expect(link.textContent).toBe('B-1');
    expect(link.getAttribute('role')).toBe('link');
    fireEvent.click(link);
    expect(objectDialogStack()).toEqual([expect.objectContaining({ type: 'batch', code: 'B-1', itemCode: 'ITEM1' })]);
  });

  it('opens with Enter and shows children instead of the code', () => {
    renderLink({ type: 'warehouse', code: '01', children: 'Main warehouse' });
    const link = screen.getByRole('link', { name: 'Main warehouse' });
    fireEvent.keyDown(link, { key: 'Enter' });
    expect(objectDialogStack()).toEqual([expect.objectContaining({ type: 'warehouse', code: '01' })]);
  });

  it('navigates to the item information app for an item and closes the dialogs', () => {
    const link = renderLink({ type: 'item', code: 'A/1' });
    act(() => {
      fireEvent.click(link);
    });
    expect(screen.getByTestId('path').textContent).toBe('/item/item_info/A%2F1');
    expect(objectDialogStack()).toEqual([]);
  });

  it('opens on a touch hold of linkableHoldToOpenDuration and swallows the click after it', () => {
    vi.useFakeTimers();
    const parentClick = vi.fn();
    const link = renderLink({ type: 'binLocation', code: 'L1' }, { onParentClick: parentClick });
    fireEvent.touchStart(link, touch(link));
    act(() => {
      vi.advanceTimersByTime(holdMs - 1);
    });
    expect(objectDialogStack()).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(objectDialogStack()).toEqual([expect.objectContaining({ type: 'binLocation', code: 'L1' })]);
    fireEvent.touchEnd(link);
    fireEvent.contextMenu(link);
    fireEvent.click(link);
    expect(objectDialogStack()).toHaveLength(1);
    expect(parentClick).not.toHaveBeenCalled();
  });

  it('does not open when the touch ends early or the finger moves away', () => {
    vi.useFakeTimers();
    const link = renderLink({ type: 'binLocation', code: 'L1' });
    fireEvent.touchStart(link, touch(link));
    act(() => {
      vi.advanceTimersByTime(holdMs / 2);
    });
    fireEvent.touchEnd(link);
    act(() => {
      vi.advanceTimersByTime(holdMs);
    });
    fireEvent.touchStart(link, touch(link));
    fireEvent.touchMove(link, { touches: [{ clientX: 60, clientY: 10 }] });
    act(() => {
      vi.advanceTimersByTime(holdMs * 2);
    });
    expect(objectDialogStack()).toEqual([]);
  });

  it('is inert inside a button: the button gets the click and a hold does nothing', () => {
    vi.useFakeTimers();
    const onButton = vi.fn();
    const link = renderLink({ type: 'serial', code: 'S1' }, { inButton: true, onButton });
    expect(link.getAttribute('role')).toBeNull();
    fireEvent.click(link);
    expect(onButton).toHaveBeenCalledTimes(1);
    fireEvent.touchStart(link, touch(link));
    act(() => {
      vi.advanceTimersByTime(holdMs * 2);
    });
    expect(objectDialogStack()).toEqual([]);
  });

  it('acts as a link inside a button while Alt is held', () => {
    const onButton = vi.fn();
    const link = renderLink({ type: 'serial', code: 'S1' }, { inButton: true, onButton });
    act(() => {
      fireEvent.keyDown(window, { key: 'Alt', altKey: true });
    });
    expect(link.getAttribute('role')).toBe('link');
    fireEvent.click(link);
    expect(onButton).not.toHaveBeenCalled();
    expect(objectDialogStack()).toEqual([expect.objectContaining({ type: 'serial', code: 'S1' })]);
    act(() => {
      fireEvent.keyUp(window, { key: 'Alt', altKey: false });
    });
    fireEvent.click(link);
    expect(onButton).toHaveBeenCalledTimes(1);
    expect(objectDialogStack()).toHaveLength(1);
  });
});
