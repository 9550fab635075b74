/** The built-in template the fill tests use (read from the repository; tests only). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PosterTemplate } from '../template';

const ROOT = join(import.meta.dirname, '../../../../..');
const DIR = [join(ROOT, 'shared/poster-template/templates'), join(ROOT, 'models/templates/posters')].find((d) => existsSync(d)) as string;

export const loadTemplate = (id: string) => JSON.parse(readFileSync(join(DIR, `${id}.json`), 'utf8')) as PosterTemplate;
