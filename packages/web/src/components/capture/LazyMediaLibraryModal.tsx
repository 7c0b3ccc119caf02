import { lazy, Suspense } from 'react';

const MediaLibraryModal = lazy(() =>
  import('./MediaLibraryModal.js').then((module) => ({ default: module.MediaLibraryModal })),
);

/** The media library, loaded on first use so it stays out of the initial bundle. */
export function LazyMediaLibraryModal({ onHide }: { onHide: () => void }) {
  return (
    <Suspense fallback={null}>
      <MediaLibraryModal show onHide={onHide} />
    </Suspense>
  );
}
