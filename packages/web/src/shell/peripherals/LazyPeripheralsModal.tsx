import { lazy, Suspense } from 'react';

const PeripheralsModal = lazy(() =>
  import('./PeripheralsModal.js').then((module) => ({ default: module.PeripheralsModal })),
);

/** The peripherals manager, loaded on first use so the scale drivers stay out of the initial bundle. */
export function LazyPeripheralsModal(props: { onHide: () => void }) {
  return (
    <Suspense fallback={null}>
      <PeripheralsModal {...props} />
    </Suspense>
  );
}
