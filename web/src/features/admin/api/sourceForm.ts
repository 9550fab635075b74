/**
 * The hotspot source form as typed (strings), its checks and the body it
 * sends. The API checks the same rules; checking here first keeps a typo
 * beside its field instead of in one message for the whole form.
 */
import type { FeedFormat, FeedMapping, HotspotKind, HotspotPlatform, HotspotSource, NewHotspotSource } from './hotspotSources';

export const MAPPING_FIELDS = ['items', 'title', 'summary', 'url', 'heat', 'image', 'id'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
const REQUIRED_POINTERS: readonly MappingField[] = ['items', 'title'];

export interface SourceDraft {
  name: string;
  format: FeedFormat;
  url: string;
  platform: HotspotPlatform;
  kind: HotspotKind;
  intervalMinutes: string;
  enabled: boolean;
  mapping: Record<MappingField, string>;
}

/** Which rule a field breaks (the page names it in `admin.sources.rule.<rule>`). */
export type SourceRule = 'name' | 'url' | 'interval' | 'required' | 'pointer';
export type SourceErrors = Partial<Record<'name' | 'url' | 'intervalMinutes' | `mapping.${MappingField}`, SourceRule>>;

export const NAME_MAX = 50;
export const INTERVAL_MIN = 5;
export const INTERVAL_MAX = 1440;

const emptyMapping = (): Record<MappingField, string> =>
  Object.fromEntries(MAPPING_FIELDS.map((f) => [f, ''])) as Record<MappingField, string>;

export function emptyDraft(): SourceDraft {
  return { name: '', format: 'rss', url: '', platform: 'weibo', kind: 'topic', intervalMinutes: '60', enabled: true, mapping: emptyMapping() };
}

export function draftFromSource(s: HotspotSource): SourceDraft {
  const mapping = emptyMapping();
  for (const f of MAPPING_FIELDS) mapping[f] = s.mapping?.[f] ?? '';
  return {
    name: s.name,
    format: s.format,
    url: s.url,
    platform: s.platform,
    kind: s.kind,
    intervalMinutes: String(s.intervalMinutes),
    enabled: s.enabled,
    mapping,
  };
}

function isHttpUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
  } catch {
    return false;
  }
}

/** The form's errors by field; empty when it may be sent. */
export function validateSource(d: SourceDraft): SourceErrors {
  const errors: SourceErrors = {};
  // Characters, not UTF-16 units: a Chinese name of 50 characters is fine.
  const nameLength = Array.from(d.name.trim()).length;
  if (nameLength < 1 || nameLength > NAME_MAX) errors.name = 'name';
  if (!isHttpUrl(d.url.trim())) errors.url = 'url';
  const interval = d.intervalMinutes.trim();
  const minutes = Number(interval);
  if (!/^\d+$/.test(interval) || minutes < INTERVAL_MIN || minutes > INTERVAL_MAX) errors.intervalMinutes = 'interval';
  if (d.format === 'json') {
    for (const f of MAPPING_FIELDS) {
      const pointer = d.mapping[f].trim();
      if (pointer === '') {
        if (REQUIRED_POINTERS.includes(f)) errors[`mapping.${f}`] = 'required';
      } else if (!pointer.startsWith('/')) {
        errors[`mapping.${f}`] = 'pointer';
      }
    }
  }
  return errors;
}

/** The body of a POST (and of a PATCH, which takes the same fields); the mapping only for `json`. */
export function sourceBody(d: SourceDraft): NewHotspotSource {
  const body: NewHotspotSource = {
    name: d.name.trim(),
    format: d.format,
    url: d.url.trim(),
    platform: d.platform,
    kind: d.kind,
    intervalMinutes: Number(d.intervalMinutes.trim()),
    enabled: d.enabled,
  };
  if (d.format === 'json') {
    const mapping: Partial<FeedMapping> = {};
    for (const f of MAPPING_FIELDS) {
      const pointer = d.mapping[f].trim();
      if (pointer) mapping[f] = pointer;
    }
    body.mapping = mapping as FeedMapping;
  }
  return body;
}
