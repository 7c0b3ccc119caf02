import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { configQueries } from './platform/config.js';
import { initI18n } from './platform/i18n.js';
import { NotificationHost } from './shell/NotificationHost.js';
import { readStoredUser, startLanguage } from './platform/signed-in-user.js';
import { applyPwaDisplayMode, registerServiceWorker } from './platform/service-worker.js';
import { AppErrorBoundary } from './shell/AppErrorBoundary.js';
import { Boot } from './shell/Boot.js';
import { VirtualKeyboardMount } from './components/virtual-keyboard/VirtualKeyboardMount.js';
import { BootSpinner } from './shell/boot/BootSpinner.js';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

// Config, version and IP rules load while the translations do.
void queryClient.prefetchQuery(configQueries.config());
void queryClient.prefetchQuery(configQueries.version());
void queryClient.prefetchQuery(configQueries.ipRules());

applyPwaDisplayMode();
if (import.meta.env.PROD) registerServiceWorker();

root.render(<BootSpinner />);
const language = startLanguage(readStoredUser(), navigator.languages ?? [navigator.language]);
// Without translations the app still starts (texts show their keys), so a failure is not fatal.
void initI18n(language)
  .catch((error: unknown) => console.error('translations failed to load', error))
  .finally(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppErrorBoundary>
              <NotificationHost />
              <Boot />
              <VirtualKeyboardMount />
            </AppErrorBoundary>
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
