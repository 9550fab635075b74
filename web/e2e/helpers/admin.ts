import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The operator's CLI (`pixmart-api grant-admin`), against the database the
 * e2e stack uses (scripts/test exports PIXMART__DATABASE__URL and
 * PIXMART_API_BIN).
 */
export function grantAdmin(account: string): void {
  const target = process.env.CARGO_TARGET_DIR ?? resolve(process.cwd(), '../target');
  const bin = process.env.PIXMART_API_BIN ?? resolve(target, 'debug/pixmart-api');
  expect(existsSync(bin), `pixmart-api binary at ${bin}`).toBe(true);
  execFileSync(bin, ['grant-admin', account], { stdio: 'pipe' });
}
