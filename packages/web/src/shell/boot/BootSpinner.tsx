import Spinner from 'react-bootstrap/Spinner';

/** Full-screen spinner, optionally with the product logo (while the specialization bundle loads). */
export function BootSpinner({ withLogo = false }: { withLogo?: boolean }) {
  return (
    <div
      className="d-flex flex-column align-items-center justify-content-center gap-3"
      style={{ minHeight: '100dvh' }}
      data-testid="boot-spinner"
    >
      {withLogo && <img src="/icons/icon.svg" alt="" width={96} height={96} />}
      <Spinner animation="border" role="status" variant="primary" />
    </div>
  );
}
