#!/usr/bin/env node
/**
 * The web's API types come from the OpenAPI document the API generates
 * (committed at src/lib/api/openapi.json; a Rust test keeps it equal to
 * GET /api/openapi.json):
 *
 *   node scripts/api-types.mjs          (npm run gen:api)   writes src/lib/api/schema.d.ts
 *   node scripts/api-types.mjs --check  (npm run check:api) fails when the committed
 *                                                           schema.d.ts differs from a fresh one
 *
 * Both run the same openapi-typescript command on local files (no network).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const input = join(web, 'src/lib/api/openapi.json');
const output = join(web, 'src/lib/api/schema.d.ts');
const cli = join(web, 'node_modules/openapi-typescript/bin/cli.js');

function generate(to, { quiet }) {
  execFileSync(process.execPath, [cli, input, '--output', to], {
    cwd: web,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
}

if (!process.argv.includes('--check')) {
  generate(output, { quiet: false });
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'pixmart-api-types-'));
try {
  const fresh = join(dir, 'schema.d.ts');
  generate(fresh, { quiet: true });
  const committed = existsSync(output) ? readFileSync(output, 'utf8') : null;
  if (committed !== readFileSync(fresh, 'utf8')) {
    const what = committed === null ? 'is missing' : `is out of date with ${relative(web, input)}`;
    console.error(`${relative(web, output)} ${what}: run \`npm run gen:api\` (in web/) and commit the result.`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
