/**
 * The idea report page's rules, kept pure: the subject read from the
 * address, the form's checks (the server's), the request body, the price,
 * the stages' states and the export's name and countdown.
 */
import {
  IDEA_STYLES,
  MKT_TYPES,
  SOCIAL_TYPES,
  type HotspotSourceType,
  type IdeaDefaults,
  type IdeaItem,
  type IdeaReport,
  type IdeaStyle,
  type MktType,
  type NewIdeaReport,
  type Ordering,
  type ReportStage,
  type SocialType,
} from './api/ideas';

export const TOPIC_MAX = 100;
export const TEXT_MAX = 500;
export const EXPORT_COOLDOWN_S = 60;

export const charCount = (s: string) => [...s].length;

/** What the report is about: a hotspot, a calendar day, or the merchant's own topic. */
export type Subject =
  | { kind: 'hotspot'; hotspotId: string; source: HotspotSourceType }
  | { kind: 'calendar'; topic: string; topicDesc: string; source: HotspotSourceType }
  | { kind: 'custom'; source: HotspotSourceType };

/** `?hotspotId=`, `?topic=&topicDesc=&source=CALENDAR`, or nothing (a custom topic). */
export function subjectFromParams(params: URLSearchParams): Subject {
  const hotspotId = params.get('hotspotId')?.trim();
  if (hotspotId) return { kind: 'hotspot', hotspotId, source: 'PUBLIC' };
  const topic = params.get('topic')?.trim();
  if (topic) {
    const source = params.get('source') === 'CALENDAR' ? 'CALENDAR' : 'CUSTOM_INSPIRATION';
    return { kind: 'calendar', topic, topicDesc: params.get('topicDesc')?.trim() ?? '', source };
  }
  return { kind: 'custom', source: 'CUSTOM_INSPIRATION' };
}

/** The address of a calendar day's "plan marketing" (the calendar builds the same link). */
export function calendarIdeaLink(topic: string, topicDesc?: string | null): string {
  const p = new URLSearchParams({ topic });
  if (topicDesc) p.set('topicDesc', topicDesc);
  p.set('source', 'CALENDAR');
  return `/mott-idea?${p.toString()}`;
}

export interface IdeaDraft {
  reportTitle: string;
  topicDesc: string;
  mktType: MktType;
  marketDesc: string;
  prompt: string;
  ideaStyle: IdeaStyle;
  socialType: SocialType[];
  /** The product photo's URL, '' for none. */
  productImage: string;
}

/** The form's fields the server may name in a refusal. */
export type DraftField = 'reportTitle' | 'topicDesc' | 'marketDesc' | 'prompt' | 'socialType';
export type DraftError = 'required' | 'tooLong' | 'socialRequired';
export type DraftErrors = Partial<Record<DraftField, DraftError>>;

/** The defaults when GET /defaults could not be read (the server's own). */
export const FALLBACK_DEFAULTS: IdeaDefaults = {
  mktType: 'product',
  marketDesc: '',
  prompt: '',
  ideaStyle: 'humorous',
  socialType: ['image', 'video', 'offline'],
  prices: {},
  ideasFreeUntil: null,
};

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

/** Known social types, in the page's order, without repeats. */
export function socialTypesOf(raw: readonly unknown[] | null | undefined): SocialType[] {
  const set = new Set(raw ?? []);
  return SOCIAL_TYPES.filter((s) => set.has(s));
}

export function draftFrom(defaults: IdeaDefaults, subject: Subject): IdeaDraft {
  return {
    reportTitle: subject.kind === 'calendar' ? subject.topic : '',
    topicDesc: subject.kind === 'calendar' ? subject.topicDesc : '',
    mktType: oneOf(MKT_TYPES, defaults.mktType, 'product'),
    marketDesc: defaults.marketDesc ?? '',
    prompt: defaults.prompt ?? '',
    ideaStyle: oneOf(IDEA_STYLES, defaults.ideaStyle, 'humorous'),
    socialType: socialTypesOf(defaults.socialType),
    productImage: '',
  };
}

/** The server's checks: a product, a topic when no hotspot, the lengths, at least one kind of idea. */
export function validateDraft(d: IdeaDraft, subject: Subject): DraftErrors {
  const e: DraftErrors = {};
  if (subject.kind !== 'hotspot') {
    const topic = d.reportTitle.trim();
    if (!topic) e.reportTitle = 'required';
    else if (charCount(topic) > TOPIC_MAX) e.reportTitle = 'tooLong';
    if (charCount(d.topicDesc.trim()) > TEXT_MAX) e.topicDesc = 'tooLong';
  }
  const market = d.marketDesc.trim();
  if (!market) e.marketDesc = 'required';
  else if (charCount(market) > TEXT_MAX) e.marketDesc = 'tooLong';
  if (charCount(d.prompt.trim()) > TEXT_MAX) e.prompt = 'tooLong';
  if (d.socialType.length === 0) e.socialType = 'socialRequired';
  return e;
}

export function toNewReport(d: IdeaDraft, subject: Subject, ordering: Ordering, language: 'zh' | 'en'): NewIdeaReport {
  const body: NewIdeaReport = {
    hotspotSourceType: subject.source,
    mktType: d.mktType,
    marketDesc: d.marketDesc.trim(),
    ideaStyle: d.ideaStyle,
    socialType: socialTypesOf(d.socialType),
    ordering,
    language,
  };
  if (subject.kind === 'hotspot') body.hotspotId = subject.hotspotId;
  else {
    body.reportTitle = d.reportTitle.trim();
    const desc = d.topicDesc.trim();
    if (desc) body.topicDesc = desc;
  }
  const prompt = d.prompt.trim();
  if (prompt) body.prompt = prompt;
  if (d.productImage) body.productImage = d.productImage;
  return body;
}

/** "重新生成": a new report asked for exactly as `r` was. */
export function retryBody(r: IdeaReport, language: 'zh' | 'en'): NewIdeaReport {
  const p = r.reportParams ?? {};
  const body: NewIdeaReport = {
    hotspotSourceType: r.hotspotSourceType as HotspotSourceType,
    mktType: oneOf(MKT_TYPES, p.mktType, 'product'),
    marketDesc: p.marketDesc ?? '',
    ideaStyle: oneOf(IDEA_STYLES, p.ideaStyle, 'humorous'),
    socialType: socialTypesOf(p.socialType),
    ordering: p.ordering === 'mobile' ? 'mobile' : 'desktop',
    language,
  };
  if (r.hotspotId) body.hotspotId = r.hotspotId;
  else {
    body.reportTitle = p.topic || r.reportTitle;
    if (p.topicDesc) body.topicDesc = p.topicDesc;
  }
  if (p.prompt) body.prompt = p.prompt;
  return body;
}

const DRAFT_FIELDS: readonly DraftField[] = ['reportTitle', 'topicDesc', 'marketDesc', 'prompt', 'socialType'];

/** Which field a refusal belongs under: the one the server names, else the one its code implies. */
export function errorField(error: string, field?: string | null): DraftField | null {
  if (field === 'topic') return 'reportTitle';
  if (field && (DRAFT_FIELDS as readonly string[]).includes(field)) return field as DraftField;
  switch (error) {
    case 'IDEA_MARKET_DESC_REQUIRED':
      return 'marketDesc';
    case 'IDEA_TOPIC_REQUIRED':
      return 'reportTitle';
    case 'IDEA_SOCIAL_TYPE_REQUIRED':
      return 'socialType';
    default:
      return null;
  }
}

/** The price of the chosen kinds; null while a chosen kind's price is unknown. */
export function totalPrice(prices: IdeaDefaults['prices'], chosen: readonly SocialType[]): number | null {
  let sum = 0;
  for (const s of chosen) {
    const p = prices[s];
    if (typeof p !== 'number') return null;
    sum += p;
  }
  return sum;
}

/** Which stage writes the ideas of a kind. */
export const STAGE_OF_SOCIAL: Record<SocialType, ReportStage> = {
  image: 'advice_online',
  video: 'advice_online_video',
  offline: 'advice_offline',
};

export type StageState = 'done' | 'running' | 'waiting' | 'failed' | 'stopped';

/**
 * A stage of `r`'s plan: delivered (at or before `stage`), being written,
 * failed, waiting its turn, or never written (the report ended first).
 */
export function stageState(r: IdeaReport, s: ReportStage): StageState {
  const at = r.stages.indexOf(s);
  const delivered = r.stages.indexOf(r.stage as ReportStage);
  if (at !== -1 && at <= delivered) return 'done';
  if (r.process === 'failed' && r.errorStage === s) return 'failed';
  if (r.process === 'generating') return r.runningStage === s ? 'running' : 'waiting';
  return 'stopped';
}

export type SectionContent = { kind: 'text'; text: string } | { kind: 'ideas'; items: IdeaItem[] } | { kind: 'points'; items: string[] };

/** What a delivered stage wrote. */
export function sectionContent(r: IdeaReport, s: ReportStage): SectionContent {
  const c = r.reportContent;
  switch (s) {
    case 'summary':
      return { kind: 'text', text: c?.eventSummary ?? '' };
    case 'advice_online':
      return { kind: 'ideas', items: c?.socialMediaMkts ?? [] };
    case 'advice_online_video':
      return { kind: 'ideas', items: c?.socialMediaMktVideos ?? [] };
    case 'advice_offline':
      return { kind: 'ideas', items: c?.offlineMkts ?? [] };
    case 'association':
      return { kind: 'points', items: c?.association ?? [] };
    case 'risk':
      return { kind: 'points', items: c?.marketingRisk ?? [] };
  }
}

/** A file name from the export's title: no path or reserved characters, `.docx` once. */
export function docxFileName(title: string, fallback: string): string {
  const printable = [...title.trim()].map((c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('');
  const clean = printable.replace(/[\\/:*?"<>|]+/g, '_').replace(/\.docx$/i, '');
  return `${clean || fallback}.docx`;
}

/** Seconds left before the export may be used again (0: it may). */
export function cooldownLeft(exportedAt: number | null, now: number, seconds = EXPORT_COOLDOWN_S): number {
  if (exportedAt === null) return 0;
  const left = seconds - Math.floor((now - exportedAt) / 1000);
  return Math.max(0, Math.min(seconds, left));
}
