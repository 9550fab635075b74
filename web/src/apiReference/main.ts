/**
 * The API reference page (`/api-reference/`, its own Vite entry): Swagger UI
 * from the vendored swagger-ui-dist package renders the OpenAPI document the
 * API serves. Everything is bundled into `dist/assets/`; nothing is loaded
 * from another origin (no CDN, no web fonts, the online validator badge off),
 * so the page works under the API's Content-Security-Policy.
 */
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import './apiReference.css';

/**
 * Where the document is served. Like the app's client (`API_BASE` in
 * lib/api/client.ts) the API sits at the origin's `/api` whatever base path
 * the UI is built for; the client module itself is not imported here, so the
 * page doesn't pull in the app's session, toasts and i18n table.
 */
const OPENAPI_URL = '/api/openapi.json';

const root = document.getElementById('api-reference');
if (root) {
  SwaggerUI({
    url: OPENAPI_URL,
    domNode: root,
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    filter: true,
    validatorUrl: null,
  });
}
