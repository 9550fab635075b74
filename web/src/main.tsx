import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { consumeTokenFromUrl } from './lib/session';
import './app/styles.css';

// A `?token=` in the address becomes the bearer token and leaves the address.
consumeTokenFromUrl();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
