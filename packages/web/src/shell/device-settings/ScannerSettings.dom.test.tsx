import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScannerSettings } from './ScannerSettings.js';

describe('ScannerSettings', () => {
  it('edits the repeat window in ms, with its label and help, clamped to 0..1000', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<ScannerSettings repeatWindowMs={80} onChange={onChange} />);
    const input = screen.getByLabelText('Scanner: double-read time where a repeated scan counts (ms)');
    expect(input).toHaveProperty('value', '80');
    // The help text describes the input.
    expect(screen.getByText(/the same scan within this time is the scanner reading twice/).id).toBe(
      input.getAttribute('aria-describedby'),
    );
    await user.clear(input);
    await user.type(input, '150');
    expect(onChange).toHaveBeenLastCalledWith({ scannerRepeatWindowMs: 150 });
    fireEvent.change(input, { target: { value: '5000' } });
    expect(onChange).toHaveBeenLastCalledWith({ scannerRepeatWindowMs: 1000 });
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', '1000');
  });
});
