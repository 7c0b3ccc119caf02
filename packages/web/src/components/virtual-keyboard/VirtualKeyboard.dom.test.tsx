import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDeviceConfig, saveDeviceConfig } from '../../platform/device-config.js';
import { todayText } from './keyboard-layouts.js';
import { VirtualKeyboardHost } from './VirtualKeyboardHost.js';

function useKeyboard(on: boolean) {
  saveDeviceConfig({ ...defaultDeviceConfig({ touchDevice: true }), useVirtualKeyboard: on });
}

/** A React-controlled input that shows its state, as the screens use them. */
function Controlled(props: { inputMode?: 'decimal'; layout?: string; onSubmit?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit?.(value);
      }}
    >
      <input
        aria-label="field"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        inputMode={props.inputMode}
        data-keyboard-layout={props.layout}
      />
      <output data-testid="state">{value}</output>
      <VirtualKeyboardHost />
    </form>
  );
}

const key = (name: string) => within(screen.getByTestId('virtual-keyboard')).getByRole('button', { name });

describe('VirtualKeyboard', () => {
  beforeEach(() => useKeyboard(true));

  it('opens for a focused input above modals and types into a React-controlled input', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    expect(screen.queryByTestId('virtual-keyboard')).toBeNull();
    await user.click(screen.getByLabelText('field'));
    const keyboard = screen.getByTestId('virtual-keyboard');
    expect(keyboard.style.zIndex).toBe('1051');
    expect(keyboard.dataset.layout).toBe('text');
    await user.click(key('w'));
    await user.click(key('m'));
    await user.click(key('Space'));
    await user.click(key('s'));
    expect(screen.getByTestId('state').textContent).toBe('wm s');
    expect(document.activeElement).toBe(screen.getByLabelText('field'));
    await user.click(key('Backspace'));
    expect(screen.getByTestId('state').textContent).toBe('wm ');
  });

  it('inserts at the caret', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText<HTMLInputElement>('field');
    await user.click(input);
    await user.click(key('a'));
    await user.click(key('c'));
    input.setSelectionRange(1, 1);
    await user.click(key('b'));
    expect(screen.getByTestId('state').textContent).toBe('abc');
  });

  it('shift toggles upper case until pressed again', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByLabelText('field'));
    await user.click(key('Shift'));
    expect(key('Shift').getAttribute('aria-pressed')).toBe('true');
    await user.click(key('Q'));
    await user.click(key('A'));
    await user.click(key('Shift'));
    await user.click(key('z'));
    expect(screen.getByTestId('state').textContent).toBe('QAz');
    expect(key('Shift').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the numeric layout for decimal inputs', async () => {
    const user = userEvent.setup();
    render(<Controlled inputMode="decimal" />);
    await user.click(screen.getByLabelText('field'));
    expect(screen.getByTestId('virtual-keyboard').dataset.layout).toBe('numeric');
    expect(within(screen.getByTestId('virtual-keyboard')).queryByRole('button', { name: 'q' })).toBeNull();
    for (const name of ['1', '2', '.', '5']) await user.click(key(name));
    expect(screen.getByTestId('state').textContent).toBe('12.5');
    await user.click(key('Clear'));
    expect(screen.getByTestId('state').textContent).toBe('');
    await user.click(key('Letters'));
    expect(screen.getByTestId('virtual-keyboard').dataset.layout).toBe('text');
  });

  it('does not open when a screen focuses its input, only on a tap', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    act(() => screen.getByLabelText('field').focus());
    expect(screen.queryByTestId('virtual-keyboard')).toBeNull();
    await user.click(screen.getByLabelText('field'));
    expect(screen.getByTestId('virtual-keyboard').dataset.layout).toBe('text');
  });

  it('keeps the system keyboard away while open and restores the inputmode after', async () => {
    const user = userEvent.setup();
    render(<Controlled inputMode="decimal" />);
    const input = screen.getByLabelText('field');
    await user.click(input);
    expect(screen.getByTestId('virtual-keyboard').dataset.layout).toBe('numeric');
    expect(input.getAttribute('inputmode')).toBe('none');
    await user.click(within(screen.getByTestId('virtual-keyboard')).getByRole('button', { name: 'Hide keyboard' }));
    expect(input.getAttribute('inputmode')).toBe('decimal');
    await user.click(input);
    expect(screen.getByTestId('virtual-keyboard').dataset.layout).toBe('numeric');
  });

  it('has a date layout with today', async () => {
    const user = userEvent.setup();
    render(<Controlled layout="date" />);
    await user.click(screen.getByLabelText('field'));
    expect(screen.getByTestId('virtual-keyboard').dataset.layout).toBe('date');
    await user.click(key('Today'));
    expect(screen.getByTestId('state').textContent).toBe(todayText());
  });

  it('Enter submits the form of the input', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Controlled onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText('field'));
    await user.click(key('x'));
    await user.click(key('Enter'));
    expect(onSubmit).toHaveBeenCalledWith('x');
  });

  it('closes with its close key and reopens on a tap of the input', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByLabelText('field'));
    await user.click(key('Hide keyboard'));
    expect(screen.queryByTestId('virtual-keyboard')).toBeNull();
    expect(document.body.classList.contains('virtual-keyboard-open')).toBe(false);
    await user.click(screen.getByLabelText('field'));
    expect(screen.getByTestId('virtual-keyboard').dataset.layout).toBe('text');
    expect(document.body.classList.contains('virtual-keyboard-open')).toBe(true);
  });

  it('stays hidden while useVirtualKeyboard is off', async () => {
    useKeyboard(false);
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByLabelText('field'));
    expect(screen.queryByTestId('virtual-keyboard')).toBeNull();
  });
});
