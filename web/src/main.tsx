import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchConfig, rememberBrand } from './lib/config';
import { adoptUrlToken, takeTokenFromUrl } from './lib/session';
import { initStartup } from './lib/startup';
import './app/styles.css';

// A `?token=` leaves the address at once; it becomes the bearer token only
// on a partner host whose brand allows it (asked of the server by host).
const urlToken = takeTokenFromUrl();
if (urlToken) {
  fetchConfig(null)
    .then((config) => adoptUrlToken(urlToken, config.flags.urlTokenLogin === true))
    .catch(() => undefined);
}
// `?brand=`, the referrer, channel, headHidden, hideBack and the host modes.
rememberBrand(window.location.search);
initStartup();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
