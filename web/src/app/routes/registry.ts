/**
 * The one route registry. The router, the menus (top bar,
 * side bar, mobile dropdown) and the guards all read it. A route whose
 * feature is not built yet stays in the router and answers a plain "not
 * available yet" page; it never appears in a menu.
 */
import type { MessageKey } from '../../lib/i18n';
import MENU_GROUP_LIST from './menuGroups.json' with { type: 'json' };

/**
 * The top-bar groups (the original app's); `/api/config` `menuGroups` uses
 * these keys. One list for the web and the API (api/src/branding.rs reads
 * the same file to check brands): `menuGroups.json`.
 */
export const MENU_GROUPS: readonly string[] = MENU_GROUP_LIST;
/** One of [`MENU_GROUPS`] (routes.test.ts checks every route's group is). */
export type MenuGroup = string;
/** A group's name in the i18n table (routes.test.ts checks each exists). */
export const menuGroupKey = (group: MenuGroup): MessageKey => `menu.group.${group}` as MessageKey;

/**
 * login: a visitor gets the login dialog; vip: only for vipUser; chat: only
 * with isChatAllow; customizedImage: only with the config flag of that name.
 */
export type Guard = 'login' | 'vip' | 'chat' | 'customizedImage';

/** Which page component renders a built route (the router maps these). */
export type PageId =
  | 'home'
  | 'cutout'
  | 'member'
  | 'personalCenter'
  | 'personalSetting'
  | 'userAgreement'
  | 'forbidden'
  | 'admin'
  | 'adminHotspotSources'
  | 'mannequin'
  | 'modelPhoto'
  | 'shoes'
  | 'wig'
  | 'customizedModels'
  | 'customizedAnimal'
  | 'tryon'
  | 'qrCode'
  | 'productImage'
  | 'rewriteBackground'
  | 'productBg'
  | 'batchCopyBg'
  | 'video'
  | 'rewriteText'
  | 'rewriteArticle'
  | 'topicGenerate'
  | 'rewriteImage'
  | 'rewriteVideo'
  | 'poster'
  | 'posterTemplates'
  | 'posterEdit'
  | 'posterResult'
  | 'publicity'
  | 'posterMaterial'
  | 'contentCalendar'
  | 'hotCalendar'
  | 'travelCalendar'
  | 'hotTopics'
  | 'hotWords'
  | 'hotImmediate'
  | 'hotNotes'
  | 'hotVideos'
  | 'popularContent'
  | 'workbench'
  | 'statistics'
  | 'ideaReport'
  | 'mottContent';

export interface RouteDef {
  /** Path as react-router matches it (`:id` for parameters). */
  path: string;
  /** Top-bar group; null: not in any menu (e.g. /403). */
  group: MenuGroup | null;
  /** Its title in the one i18n table (`route.<name>.title`, lib/i18n/routes). */
  titleKey: MessageKey;
  guards: readonly Guard[];
  /** The built page, or null: the "not available yet" page. */
  page: PageId | null;
  desktop: boolean;
  mobile: boolean;
  /** The path the brand's `routes` list names (defaults to `path`). */
  brandPath?: string;
}

type Options = Partial<Pick<RouteDef, 'guards' | 'page' | 'desktop' | 'mobile' | 'brandPath'>>;

function r(path: string, group: MenuGroup | null, titleKey: MessageKey, o: Options = {}): RouteDef {
  return {
    path,
    group,
    titleKey,
    guards: o.guards ?? [],
    page: o.page ?? null,
    desktop: o.desktop ?? true,
    mobile: o.mobile ?? false,
    ...(o.brandPath ? { brandPath: o.brandPath } : {}),
  };
}

/** A route that also takes `/{id}`: both share title, group and guards. */
function withId(def: RouteDef): RouteDef[] {
  return [def, { ...def, path: `${def.path}/:id`, group: null, brandPath: def.path }];
}

const MOBILE_ONLY = { desktop: false, mobile: true } as const;
const BOTH = { desktop: true, mobile: true } as const;

export const ROUTES: readonly RouteDef[] = [
  // Account and other routes
  r('/', 'home', 'route.home.title', { page: 'home', ...BOTH }),
  r('/home', null, 'route.home.title', { page: 'home', brandPath: '/' }),
  r('/member', 'benefit-centre', 'route.member.title', { guards: ['login'], page: 'member', ...BOTH }),
  r('/personal-center', 'creation-space', 'route.personal-center.title', {
    guards: ['login'],
    page: 'personalCenter',
    ...BOTH,
  }),
  // Also on phones: a merchant creates API keys for a shop plugin there.
  r('/personal-setting', null, 'route.personal-setting.title', { guards: ['login'], page: 'personalSetting', ...BOTH }),
  r('/user-agreement', null, 'route.user-agreement.title', { page: 'userAgreement', ...BOTH }),
  r('/403', null, 'route.403.title', { page: 'forbidden', ...BOTH }),
  // Fleet administration (admin role; the page shows 403 to anyone else).
  r('/admin', null, 'route.admin.title', { guards: ['login'], page: 'admin' }),
  // The feeds hotspots come from; an admin page like /admin, so every brand has it too.
  r('/admin/hotspot-sources', null, 'route.admin-hotspot-sources.title', {
    guards: ['login'],
    page: 'adminHotspotSources',
    brandPath: '/admin',
  }),

  // Generation routes
  r('/human-figure-image', 'ai-photo', 'route.human-figure-image.title', { page: 'mannequin' }),
  r('/model-photo-new', 'ai-photo', 'route.model-photo-new.title', { page: 'modelPhoto' }),
  r('/shoes-image', 'ai-photo', 'route.shoes-image.title', { page: 'shoes' }),
  r('/wig-image', 'ai-photo', 'route.wig-image.title', { page: 'wig' }),
  r('/ai-product-image', 'ai-photo', 'route.ai-product-image.title', { page: 'productImage', ...BOTH }),
  r('/rewrite-background', 'ai-photo', 'route.rewrite-background.title', { page: 'rewriteBackground', ...BOTH }),
  r('/product-bg', 'ai-photo', 'route.product-bg.title', { page: 'productBg', ...BOTH }),
  r('/ai-cutout', 'ai-photo', 'route.ai-cutout.title', { page: 'cutout', ...BOTH }),
  r('/customized-models', 'ai-photo', 'route.customized-models.title', { page: 'customizedModels' }),
  r('/customized-animal', 'ai-photo', 'route.customized-animal.title', {
    guards: ['customizedImage'],
    page: 'customizedAnimal',
  }),
  r('/customized-publicity', 'material-generation', 'route.customized-publicity.title', { page: 'publicity', ...BOTH }),
  r('/ai-qr-code', 'material-generation', 'route.ai-qr-code.title', { page: 'qrCode', ...BOTH }),
  r('/ai-video', 'ai-photo', 'route.ai-video.title', { page: 'video', ...BOTH }),
  r('/ai-video-single', null, 'route.ai-video-single.title', { page: 'video' }),
  r('/tryon', 'ai-photo', 'route.tryon.title', { page: 'tryon' }),
  r('/batch-copy-bg', 'material-generation', 'route.batch-copy-bg.title', { page: 'batchCopyBg', ...BOTH }),

  // Rewrite and topic routes
  r('/rewrite-text', 'rewrite', 'route.rewrite-text.title', { page: 'rewriteText', ...BOTH }),
  r('/rewrite-article', 'rewrite', 'route.rewrite-article.title', { page: 'rewriteArticle', ...BOTH }),
  r('/rewrite-image', 'rewrite', 'route.rewrite-image.title', { page: 'rewriteImage', ...BOTH }),
  r('/rewrite-video', 'rewrite', 'route.rewrite-video.title', { page: 'rewriteVideo', ...BOTH }),
  r('/topic-generate', 'hot-creation', 'route.topic-generate.title', { page: 'topicGenerate', ...BOTH }),

  // Marketing routes
  // The marketing workbench: signed-in only (its hotspots, calendar and tasks need a user); also on phones.
  r('/mott', 'workbench', 'route.mott.title', { guards: ['login'], page: 'workbench', ...BOTH }),
  r('/mott-recommend', 'workbench', 'route.mott-recommend.title', BOTH),
  // Idea reports (热点营销策划): signed-in only; also on phones. /content-hotspot is the same page.
  r('/mott-idea', 'workbench', 'route.mott-idea.title', { guards: ['login'], page: 'ideaReport', ...BOTH }),
  // Content per platform (内容生成): signed-in only; also on phones.
  r('/mott-content', 'workbench', 'route.mott-content.title', { guards: ['login'], page: 'mottContent', ...BOTH }),
  // The marketing calendar (signed-in only: the API needs a user); also on phones, as an agenda.
  r('/content-calendar', 'workbench', 'route.content-calendar.title', { guards: ['login'], page: 'contentCalendar', ...BOTH }),
  r('/content-hotspot', 'hot-creation', 'route.content-hotspot.title', { guards: ['login'], page: 'ideaReport', ...BOTH }),
  r('/mott-agent', 'agent', 'route.mott-agent.title', { guards: ['chat'] }),
  // The user's (or tenant's) generation figures; also on phones.
  r('/mott-statistics', 'workbench', 'route.mott-statistics.title', { guards: ['login'], page: 'statistics', ...BOTH }),
  r('/mott-knowledge', 'asset-library', 'route.mott-knowledge.title'),
  r('/goods', 'asset-library', 'route.goods.title', { guards: ['vip'] }),
  r('/model-supermarket', 'asset-library', 'route.model-supermarket.title'),

  // Hot lists (signed-in users: the lists hold the caller's own saves); also on phones.
  r('/hot-topic-list', 'hot-topics', 'route.hot-topic-list.title', { guards: ['login'], page: 'hotTopics', ...BOTH }),
  r('/hot-word-list', 'hot-topics', 'route.hot-word-list.title', { guards: ['login'], page: 'hotWords', ...BOTH }),
  r('/month-calendar', 'hot-topics', 'route.month-calendar.title', { guards: ['login'], page: 'travelCalendar', ...BOTH }),
  r('/modi-content', 'hot-topics', 'route.modi-content.title', { guards: ['login'], page: 'popularContent', ...BOTH }),
  r('/hot-videos', 'hot-topics', 'route.hot-videos.title', { guards: ['login'], page: 'hotVideos', ...BOTH }),
  r('/hot-notes', 'hot-topics', 'route.hot-notes.title', { guards: ['login'], page: 'hotNotes', ...BOTH }),
  r('/hot-calendar', 'hot-topics', 'route.hot-calendar.title', { guards: ['login'], page: 'hotCalendar', ...BOTH }),
  r('/hot-immediate', 'hot-topics', 'route.hot-immediate.title', { guards: ['login'], page: 'hotImmediate', ...BOTH }),

  // Enterprise and KOS routes
  r('/kos-account', 'enterprise-management', 'route.kos-account.title'),
  r('/kos-monitoring', 'enterprise-management', 'route.kos-monitoring.title'),
  r('/kos-personality', 'enterprise-management', 'route.kos-personality.title'),
  r('/kos-topic', 'enterprise-management', 'route.kos-topic.title'),
  r('/kos-tenant', 'enterprise-management', 'route.kos-tenant.title'),
  r('/kos-member', 'enterprise-management', 'route.kos-member.title'),
  r('/audit', 'enterprise-management', 'route.audit.title'),
  r('/audit-management', 'enterprise-management', 'route.audit-management.title'),
  r('/prod-insight', 'marketing-insight', 'route.prod-insight.title', { guards: ['login'] }),
  r('/comment-insight', 'marketing-insight', 'route.comment-insight.title', { guards: ['login'] }),
  r('/release-xhs', 'creation-tools', 'route.release-xhs.title'),

  // Modi library routes
  r('/modi-knowledge', 'asset-library', 'route.modi-knowledge.title'),
  ...withId(r('/modi-hot-library', 'asset-library', 'route.modi-hot-library.title')),
  ...withId(r('/modi-content-library', 'asset-library', 'route.modi-content-library.title')),
  r('/modi-tags-library', 'asset-library', 'route.modi-tags-library.title'),
  r('/modi-bot', 'hot-creation', 'route.modi-bot.title'),
  // Posters sit with the other material pages (publicity images, QR codes).
  r('/modi-poster', 'material-generation', 'route.modi-poster.title', { page: 'poster' }),
  ...withId(r('/modi-note-base', 'asset-library', 'route.modi-note-base.title')),
  // The poster materials library (its /{id} is one material); also on phones, beside /template.
  ...withId(r('/modi-poster-material', 'asset-library', 'route.modi-poster-material.title', { guards: ['login'], page: 'posterMaterial', ...BOTH })),
  ...withId(r('/modi-pub-note-base', 'asset-library', 'route.modi-pub-note-base.title')),
  r('/modi-task-list', 'enterprise-management', 'route.modi-task-list.title'),
  r('/modi-task-list/create', null, 'route.modi-task-list.create.title', { brandPath: '/modi-task-list' }),
  r('/modi-task-list/edit/:id', null, 'route.modi-task-list.edit.title', { brandPath: '/modi-task-list' }),
  r('/modi-theme', 'enterprise-management', 'route.modi-theme.title'),
  r('/modi-theme/create', null, 'route.modi-theme.create.title', { brandPath: '/modi-theme' }),
  r('/modi-theme/edit/:id', null, 'route.modi-theme.edit.title', { brandPath: '/modi-theme' }),
  r('/modi-theme/create-topic', null, 'route.modi-theme.create-topic.title', { brandPath: '/modi-theme' }),
  r('/modi-theme/edit-topic/:id', null, 'route.modi-theme.edit-topic.title', { brandPath: '/modi-theme' }),

  // Feishu plugin pages
  r('/feishu-plugins/audit-text-first', 'creation-tools', 'route.feishu-plugins.audit-text-first.title'),
  r('/feishu-plugins/note-import', 'creation-tools', 'route.feishu-plugins.note-import.title'),
  r('/feishu-plugins/multi-post', 'creation-tools', 'route.feishu-plugins.multi-post.title'),
  r('/feishu-plugins/gaoding-pic', 'creation-tools', 'route.feishu-plugins.gaoding-pic.title'),
  r('/feishu-plugins/auth', null, 'route.feishu-plugins.auth.title'),
  r('/feishu-plugins/xinhong', 'creation-tools', 'route.feishu-plugins.xinhong.title'),
  r('/feishu-plugins/data-sync', 'creation-tools', 'route.feishu-plugins.data-sync.title'),

  // ProductGPT pages
  r('/productGPT/product-insights', 'product-gpt', 'route.productGPT.product-insights.title'),
  r('/productGPT/forecast-production', 'product-gpt', 'route.productGPT.forecast-production.title'),
  r('/productGPT/intelligent-dispatching', 'product-gpt', 'route.productGPT.intelligent-dispatching.title'),
  r('/productGPT/intelligent-marketing', 'product-gpt', 'route.productGPT.intelligent-marketing.title'),

  // Mobile only
  r('/template', null, 'route.template.title', { page: 'posterTemplates', ...MOBILE_ONLY }),
  // The editor and the result page belong to the template library: a brand lists `/template` for all three.
  r('/template-edit', null, 'route.template-edit.title', { page: 'posterEdit', brandPath: '/template', ...MOBILE_ONLY }),
  r('/feihe-activity/guide', null, 'route.feihe-activity.guide.title', MOBILE_ONLY),
  r('/poster', null, 'route.poster.title', { page: 'posterResult', brandPath: '/template', ...MOBILE_ONLY }),
  r('/share', null, 'route.share.title', MOBILE_ONLY),
  r('/activity', null, 'route.activity.title', MOBILE_ONLY),
  r('/select-login', null, 'route.select-login.title', MOBILE_ONLY),
  r('/kos-persona', null, 'route.kos-persona.title', MOBILE_ONLY),
];

/** The five mobile sub-pages of the header dropdown, in order. */
export const MOBILE_SUB_PAGES: readonly string[] = ['/', '/ai-cutout', '/personal-center', '/member', '/template'];

export const DESKTOP_ROUTES = ROUTES.filter((d) => d.desktop);
export const MOBILE_ROUTES = ROUTES.filter((d) => d.mobile);

export function isBuilt(def: RouteDef): boolean {
  return def.page !== null;
}

/** The path a brand's `routes` list must contain for this route. */
export function brandPathOf(def: RouteDef): string {
  return def.brandPath ?? def.path;
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The registry entry for a pathname within a route set (undefined: unknown). */
export function findRoute(pathname: string, set: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return set.find((d) => !d.path.includes(':') && d.path === clean) ?? set.find((d) => matches(d.path, clean));
}

export function groupRoutes(group: MenuGroup, set: readonly RouteDef[] = ROUTES): RouteDef[] {
  return set.filter((d) => d.group === group);
}
