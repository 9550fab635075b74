import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';

const doc = {
  openapi: '3.1.0',
  info: { title: 'pixmart test API', version: '1' },
  paths: {
    '/api/tasks': {
      get: { operationId: 'list_tasks', tags: ['tasks'], responses: { '200': { description: 'ok' } } },
    },
  },
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
});

describe('API reference page', () => {
  it('renders the served document from /api/openapi.json and asks nothing of another origin', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        urls.push(url);
        return new Response(JSON.stringify(doc), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    vi.stubGlobal('scrollTo', vi.fn()); // deep linking scrolls; jsdom has no layout
    document.body.innerHTML = '<div id="api-reference"></div>';
    await import('./main');
    await waitFor(() => expect(document.querySelector('.info .title')?.textContent).toContain('pixmart test API'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(document.querySelector('.opblock-summary-path[data-path="/api/tasks"]')).not.toBeNull());
    expect(urls.map((u) => new URL(u, location.href).pathname)).toEqual(['/api/openapi.json']);
    expect(urls.every((u) => new URL(u, location.href).origin === location.origin)).toBe(true);
  }, 30_000);
});
