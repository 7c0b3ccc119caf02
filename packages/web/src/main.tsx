import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BootPage } from './shell/BootPage.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BootPage />
  </StrictMode>,
);
