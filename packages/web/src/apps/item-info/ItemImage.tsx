import { itemActionEndpoints, itemImageCodeParam, pathOf, type Item } from '@wms/contract';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The item image URL; the version makes a new upload load at once despite the browser cache. */
export function itemImageUrl(item: Pick<Item, 'code' | 'version'>): string {
  return `${pathOf(itemActionEndpoints.image, { code: itemImageCodeParam(item.code) })}?v=${item.version}`;
}

/**
 * The item's image, at most 400 px high. No image, a load failure or a 1x1 image (a tracking
 * pixel of an ERP) shows a placeholder.
 */
export function ItemImage({ item }: { item: Pick<Item, 'code' | 'version' | 'imagePath' | 'name'> }) {
  const { t } = useTranslation('itemInfo');
  const url = item.imagePath ? itemImageUrl(item) : null;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  const handleLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    if (image.naturalWidth <= 1 && image.naturalHeight <= 1) setFailedUrl(url);
  };

  if (!url || failedUrl === url)
    return (
      <div
        className="item-info-image-placeholder d-flex align-items-center justify-content-center bg-body-tertiary rounded text-body-secondary"
        role="img"
        aria-label={t('noImage')}
        data-testid="item-image-placeholder"
      >
        <i className="bi bi-image" aria-hidden="true" />
      </div>
    );
  return (
    <img
      src={url}
      alt={item.name}
      className="item-info-image d-block rounded"
      onLoad={handleLoad}
      onError={() => setFailedUrl(url)}
      data-testid="item-image"
    />
  );
}
