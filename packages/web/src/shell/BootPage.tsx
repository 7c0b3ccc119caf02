import { useEffect, useState } from 'react';
import type { ConfigAnswer } from '@wms/contract';
import { getJson, HttpError } from '../platform/http.js';

type BootState =
  { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; config: ConfigAnswer; serverVersion: string };

const productName = 'WMS';

/** Loads config and version; shows the product and its version, or a red reload button. */
export function BootPage() {
  const [state, setState] = useState<BootState>({ phase: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    Promise.all([
      getJson<ConfigAnswer>('/api/v1/config/', abort.signal),
      getJson<{ version: string }>('/api/v1/config/version', abort.signal),
    ]).then(
      ([config, { version }]) => setState({ phase: 'ready', config, serverVersion: version }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // An older client than the server: load the new one.
        if (error instanceof HttpError && error.status === 410) window.location.reload();
        else setState({ phase: 'failed' });
      },
    );
    return () => abort.abort();
  }, []);

  return (
    <main style={{ padding: '1.5rem', maxWidth: '40rem', margin: '0 auto' }}>
      <h1 style={{ margin: '0 0 0.5rem' }}>{productName}</h1>
      {state.phase === 'loading' && (
        <p role="status" aria-live="polite">
          Loading…
        </p>
      )}
      {state.phase === 'failed' && (
        <button
          type="button"
          data-testid="reload"
          aria-label="Reload"
          title="Reload"
          onClick={() => window.location.reload()}
          style={{
            color: '#fff',
            background: '#dc3545',
            border: 'none',
            borderRadius: '0.375rem',
            padding: '0.5rem 1rem',
            fontSize: '1.25rem',
            cursor: 'pointer',
          }}
        >
          ↻ Reload
        </button>
      )}
      {state.phase === 'ready' && (
        <>
          {state.config.warehouseName && <p data-testid="warehouse-name">{state.config.warehouseName}</p>}
          <p>
            Version <span data-testid="server-version">{state.serverVersion}</span>
          </p>
        </>
      )}
    </main>
  );
}
