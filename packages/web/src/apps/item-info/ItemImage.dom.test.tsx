import { fireEvent, render, screen } from '@testing-library/react';
import { itemActionEndpoints, itemImageCodeParam, pathOf } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { ItemImage } from './ItemImage.js';
import { demoItem } from './test-support.js';

const withImage = { ...demoItem, imagePath: 'item_images/ITEM-001.png' };

function natural(image: HTMLElement, width: number, height: number) {
  Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true });
}

describe('ItemImage', () => {
  it('loads the image by the base64url code, versioned, at most 400 px high', () => {
    render(<ItemImage item={withImage} />);
    const image = screen.getByTestId<HTMLImageElement>('item-image');
    expect(image.getAttribute('src')).toBe(
      `${pathOf(itemActionEndpoints.image, { code: itemImageCodeParam('ITEM-001') })}?v=3`,
    );
    expect(image.className).toContain('item-info-image');
    natural(image, 640, 480);
    fireEvent.load(image);
    expect(screen.getByTestId('item-image')).toBe(image);
  });

  it('shows the placeholder without an image, after a load failure, or for a 1x1 image', () => {
    const { unmount } = render(<ItemImage item={demoItem} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('No image');
    unmount();

    const failing = render(<ItemImage item={withImage} />);
    fireEvent.error(screen.getByTestId('item-image'));
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('No image');
    failing.unmount();

    render(<ItemImage item={withImage} />);
    const pixel = screen.getByTestId('item-image');
    natural(pixel, 1, 1);
    fireEvent.load(pixel);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('No image');
  });

  it('tries again when the item version changes (a new upload)', () => {
    const { rerender } = render(<ItemImage item={withImage} />);
    fireEvent.error(screen.getByTestId('item-image'));
    rerender(<ItemImage item={{ ...withImage, version: 4 }} />);
    expect(screen.getByTestId('item-image').getAttribute('src')).toContain('?v=4');
  });
});
