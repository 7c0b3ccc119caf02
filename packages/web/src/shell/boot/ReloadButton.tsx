import i18next from 'i18next';

/** The red reload icon shown when config, version or IP rules cannot be loaded. */
export function ReloadButton() {
  // The translations may be what failed to load: then the title falls back to English.
  const label = i18next.exists('common:reload') ? i18next.t('common:reload') : 'Reload';
  return (
    <div className="d-flex align-items-center justify-content-center" style={{ minHeight: '100dvh' }}>
      <button
        type="button"
        className="btn btn-danger rounded-circle d-flex align-items-center justify-content-center"
        style={{ width: '4rem', height: '4rem' }}
        data-testid="reload"
        aria-label={label}
        title={label}
        onClick={() => window.location.reload()}
      >
        <svg width="32" height="32" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d="M8 3a5 5 0 1 0 4.546 2.914.5.5 0 0 1 .908-.417A6 6 0 1 1 8 2z" />
          <path d="M8 4.466V.534a.25.25 0 0 1 .41-.192l2.36 1.966c.12.1.12.284 0 .384L8.41 4.658A.25.25 0 0 1 8 4.466" />
        </svg>
      </button>
    </div>
  );
}
