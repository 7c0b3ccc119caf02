import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraScannerBox } from './CameraScannerBox.js';
import { PictureBox } from './PictureBox.js';

const detect = vi.fn<() => Promise<{ rawValue: string; format: string }[]>>();
vi.mock('./barcode-detection.js', () => ({ createBarcodeDetector: async () => ({ detect }) }));

const stopTrack = vi.fn();
const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  detect.mockResolvedValue([]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  stopTrack.mockClear();
  getUserMedia.mockClear();
});

const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('CameraScannerBox', () => {
  it('asks for the rear camera, passes reads on once per second and lists them', async () => {
    const onScan = vi.fn();
    render(<CameraScannerBox show onHide={() => undefined} onScan={onScan} />);
    await settle();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    detect.mockResolvedValue([{ rawValue: '8712345000028', format: 'ean_13' }]);
    await wait(250 * 3);
    expect(onScan.mock.calls).toEqual([['8712345000028']]);
    detect.mockResolvedValue([{ rawValue: 'ITEM-002', format: 'qr_code' }]);
    await wait(250);
    expect(onScan.mock.calls).toEqual([['8712345000028'], ['ITEM-002']]);
    expect(screen.getByTestId('camera-reads').textContent).toBe('ITEM-0028712345000028');
  });

  it('stops the camera after 10 s without a read and starts it again on Restart', async () => {
    render(<CameraScannerBox show onHide={() => undefined} onScan={() => undefined} />);
    await settle();
    await wait(9_750);
    expect(screen.queryByTestId('camera-stopped')).toBeNull();
    await wait(500);
    expect(screen.getByTestId('camera-stopped').textContent).toBe(
      'The camera stopped after 10 seconds without a read.',
    );
    expect(stopTrack).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('camera-restart'));
    await settle();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('camera-stopped')).toBeNull();
  });

  it('hides text recognition where the browser has no TextDetector', async () => {
    render(<CameraScannerBox show onHide={() => undefined} onScan={() => undefined} />);
    await settle();
    expect(screen.queryByLabelText('Text recognition')).toBeNull();
  });
});

describe('PictureBox', () => {
  it('says videoNotAvailable when the camera can not be opened', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    render(<PictureBox show onHide={() => undefined} onAttachment={() => undefined} />);
    await settle();
    expect(screen.getByTestId('video-not-available').textContent).toContain('The camera is not available');
    expect(screen.getByTestId<HTMLButtonElement>('picture-capture').disabled).toBe(true);
  });

  it('stops the camera tracks when it closes', async () => {
    const { rerender } = render(<PictureBox show onHide={() => undefined} onAttachment={() => undefined} />);
    await settle();
    expect(stopTrack).not.toHaveBeenCalled();
    rerender(<PictureBox show={false} onHide={() => undefined} onAttachment={() => undefined} />);
    await settle();
    expect(stopTrack).toHaveBeenCalled();
  });
});
