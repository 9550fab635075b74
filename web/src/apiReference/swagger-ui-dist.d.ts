/**
 * The part of swagger-ui-dist's bundler entry (a CommonJS module whose
 * export is the SwaggerUI constructor) that the API reference page uses; the
 * package ships no types.
 */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    url?: string;
    domNode?: HTMLElement;
    layout?: 'BaseLayout';
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    displayRequestDuration?: boolean;
    filter?: boolean;
    tryItOutEnabled?: boolean;
    /** `null` turns the online validator badge (validator.swagger.io) off. */
    validatorUrl?: string | null;
  }
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
