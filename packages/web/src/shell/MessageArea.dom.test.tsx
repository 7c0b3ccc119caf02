import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyText, useNotifications } from '../platform/notifications.js';
import { NotificationHost } from './NotificationHost.js';
import { maxCompactNotifications, messagesHeightVariable } from './MessageArea.js';

function stubScreen(compact: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: compact && query.includes('max-width: 575.98px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** Counts the notifications of the store (shown or not). */
function StoreCount() {
  return <output data-testid="store-count">{useNotifications().length}</output>;
}

const texts = () => screen.queryAllByTestId('notification').map((element) => element.textContent);

describe('NotificationHost on the handheld layouts (issue 14, item 24)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(44);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.documentElement.style.removeProperty(messagesHeightVariable);
  });

  it('shows compact lines in the message area, newest first, and publishes its height', () => {
    stubScreen(true);
    render(
      <>
        <NotificationHost />
        <StoreCount />
      </>,
    );
    act(() => {
      for (const text of ['one', 'two', 'three', 'four']) notifyText('danger', text);
    });
    expect(within(screen.getByTestId('message-area')).queryAllByTestId('notification')).toHaveLength(3);
    expect(document.querySelector('.toast')).toBeNull();
    expect(maxCompactNotifications).toBe(3);
    expect(texts()).toEqual(['four', 'three', 'two']);
    // The oldest is closed, not kept out of sight to come back later.
    expect(screen.getByTestId('store-count').textContent).toBe('3');
    expect(document.documentElement.style.getPropertyValue(messagesHeightVariable)).toBe('44px');

    const close = screen.getAllByRole('button', { name: 'Close' })[0]!;
    expect(fireEvent.mouseDown(close)).toBe(false); // the scanner bar keeps the focus
    act(() => close.click());
    expect(texts()).toEqual(['three', 'two']);
    act(() => {
      for (const button of screen.getAllByRole('button', { name: 'Close' })) button.click();
    });
  });

  it('keeps the toasts on a desktop', () => {
    stubScreen(false);
    render(<NotificationHost />);
    act(() => notifyText('info', 'desktop message'));
    expect(screen.queryByTestId('message-area')).toBeNull();
    expect(screen.getByTestId('notification').classList.contains('toast')).toBe(true);
    expect(document.documentElement.style.getPropertyValue(messagesHeightVariable)).toBe('');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
  });
});
