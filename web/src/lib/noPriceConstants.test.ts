/**
 * Prices come from the server (`GET /api/task-types`): no source file may
 * carry its own copy. This reads every module under src (tests and the
 * task-types fixture excepted) and fails on anything that declares a price,
 * or a copy of one of the option limits the same endpoint serves.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || name === 'taskTypes.fixture.ts') return [];
    return [path];
  });
}

/** Each names one way a price has been written down in this code base. */
export const PRICE_PATTERNS: readonly RegExp[] = [
  /COST\w*\s*[:=]\s*\d/, // CUTOUT_COST = 5, QR_COST = 0
  /\bcost\s*:\s*\d/, // a route table's `cost: 20`
  /lingshi\s*:\s*\d/, // a price rule written out
  /PER_IMAGE\s*=\s*\d/, // PRODUCT_IMAGE_COST_PER_IMAGE = 5
  /Record<[^>]*,\s*number>\s*=\s*\{\s*'480p'/, // a price table by resolution
  /\bPRICES?\w*\s*[:=]\s*[{[\d]/, // a table named for prices
];

/** The limits `GET /api/task-types` serves, as they were once written here (GEN_NUM_MAX = 4, QR_MAX_BYTES = 1273…). */
export const LIMIT_PATTERNS: readonly RegExp[] = [/\b\w*(GEN_NUM|ERODE|TOP_N|BATCH_MAX|QR_MAX)\w*\s*[:=]\s*\d/];

/** The lines of `text` a pattern matches, as `file:line: text`. */
export function priceDeclarations(file: string, text: string, patterns: readonly RegExp[] = PRICE_PATTERNS): string[] {
  return text.split('\n').flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('no price constants in the web', () => {
  it('finds the kinds of declarations it is looking for', () => {
    const caught = [
      'export const CUTOUT_COST = 5;',
      '    cost: 20,',
      "  price: { rule: 'perTask', lingshi: 5 },",
      'export const PRODUCT_IMAGE_COST_PER_IMAGE = 5;',
      "export const VIDEO_COST: Record<Resolution, number> = { '480p': 40, '720p': 80 };",
    ];
    for (const line of caught) expect(priceDeclarations('x.ts', line), line).toHaveLength(1);
    // A cost that is computed, or a message about one, is not a copy.
    expect(priceDeclarations('x.ts', "cost={priceOf(taskTypes, 'MATTING_IMAGE')}\n'workspace.cost': { zh: '{n} 灵石' }")).toEqual([]);
  });

  it('has no file under src declaring a price', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => priceDeclarations(relative(SRC, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it("has no file under src keeping its own copy of the server's option limits", () => {
    for (const line of ['export const GEN_NUM_MAX = 4;', 'export const QR_MAX_BYTES = 1273;', 'export const DEFAULT_ERODE = 3;', 'export const BATCH_MAX_ITEMS = 100;']) {
      expect(priceDeclarations('x.ts', line, LIMIT_PATTERNS), line).toHaveLength(1);
    }
    const found = sources(SRC).flatMap((f) => priceDeclarations(relative(SRC, f), readFileSync(f, 'utf8'), LIMIT_PATTERNS));
    expect(found).toEqual([]);
  });
});
