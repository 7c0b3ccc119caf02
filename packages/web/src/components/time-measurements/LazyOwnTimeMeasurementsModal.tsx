import { lazy, Suspense } from 'react';

const OwnTimeMeasurementsModal = lazy(() =>
  import('./OwnTimeMeasurementsModal.js').then((module) => ({ default: module.OwnTimeMeasurementsModal })),
);

/** The time measurements modal of the user dropdown, loaded on first use. */
export function LazyOwnTimeMeasurementsModal(props: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <OwnTimeMeasurementsModal {...props} />
    </Suspense>
  );
}
