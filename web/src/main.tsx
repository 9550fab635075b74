import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { rememberBrand } from './lib/config';
import { consumeTokenFromUrl } from './lib/session';
import { initStartup } from './lib/startup';
import './app/styles.css';

// A `?token=` in the address becomes the bearer token and leaves the address.
consumeTokenFromUrl();
// `?brand=`, the referrer, channel, headHidden, hideBack and the host modes.
rememberBrand(window.location.search);
initStartup();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
