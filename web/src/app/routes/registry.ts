/**
 * The one route registry. The router, the menus (top bar,
 * side bar, mobile dropdown) and the guards all read it. A route whose
 * feature is not built yet stays in the router and answers a plain "not
 * available yet" page; it never appears in a menu.
 */
import type { Lang } from '../../lib/i18n';

/** The original app's top-bar groups; `/api/config` `menuGroups` uses these keys. */
export const MENU_GROUPS = [
  'home',
  'workbench',
  'hot-topics',
  'asset-library',
  'enterprise-management',
  'hot-creation',
  'material-generation',
  'ai-photo',
  'product-gpt',
  'rewrite',
  'marketing-insight',
  'creation-tools',
  'agent',
  'benefit-centre',
  'creation-space',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

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
  | 'video';

export interface RouteDef {
  /** Path as react-router matches it (`:id` for parameters). */
  path: string;
  /** Top-bar group; null: not in any menu (e.g. /403). */
  group: MenuGroup | null;
  title: Record<Lang, string>;
  guards: readonly Guard[];
  /** The built page, or null: the "not available yet" page. */
  page: PageId | null;
  desktop: boolean;
  mobile: boolean;
  /** The path the brand's `routes` list names (defaults to `path`). */
  brandPath?: string;
}

type Options = Partial<Pick<RouteDef, 'guards' | 'page' | 'desktop' | 'mobile' | 'brandPath'>>;

function r(path: string, group: MenuGroup | null, zh: string, en: string, o: Options = {}): RouteDef {
  return {
    path,
    group,
    title: { zh, en },
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
  r('/', 'home', '首页', 'Home', { page: 'home', ...BOTH }),
  r('/home', null, '首页', 'Home', { page: 'home', brandPath: '/' }),
  r('/member', 'benefit-centre', '权益中心', 'Benefit centre', { guards: ['login'], page: 'member', ...BOTH }),
  r('/personal-center', 'creation-space', '创作空间', 'Creation space', {
    guards: ['login'],
    page: 'personalCenter',
    ...BOTH,
  }),
  r('/personal-setting', null, '个人设置', 'Personal settings', { guards: ['login'], page: 'personalSetting' }),
  r('/user-agreement', null, '用户协议', 'User agreement', { page: 'userAgreement', ...BOTH }),
  r('/403', null, '无权限', 'No permission', { page: 'forbidden', ...BOTH }),
  // Fleet administration (admin role; the page shows 403 to anyone else).
  r('/admin', null, '集群管理', 'Fleet administration', { guards: ['login'], page: 'admin' }),

  // Generation routes
  r('/human-figure-image', 'ai-photo', '人台图', 'Mannequin image', { page: 'mannequin' }),
  r('/model-photo-new', 'ai-photo', '真人模特图', 'Real-person model image', { page: 'modelPhoto' }),
  r('/shoes-image', 'ai-photo', '鞋靴图', 'Shoe image', { page: 'shoes' }),
  r('/wig-image', 'ai-photo', '假发图', 'Wig image', { page: 'wig' }),
  r('/ai-product-image', 'ai-photo', '商品图', 'Product image', { page: 'productImage', ...BOTH }),
  r('/rewrite-background', 'ai-photo', '背景复刻', 'Background replication', { page: 'rewriteBackground', ...BOTH }),
  r('/product-bg', 'ai-photo', '商品换背景', 'Product background', { page: 'productBg', ...BOTH }),
  r('/ai-cutout', 'ai-photo', 'AI抠图', 'AI Cutout', { page: 'cutout', ...BOTH }),
  r('/customized-models', 'ai-photo', '定制模特', 'Custom models', { page: 'customizedModels' }),
  r('/customized-animal', 'ai-photo', '宠物/定制形象', 'Pet and custom characters', {
    guards: ['customizedImage'],
    page: 'customizedAnimal',
  }),
  r('/customized-publicity', 'material-generation', '定制宣传图', 'Custom publicity images'),
  r('/ai-qr-code', 'material-generation', '艺术二维码', 'Artistic QR code', { page: 'qrCode', ...BOTH }),
  r('/ai-video', 'ai-photo', '图生视频', 'Image to video', { page: 'video', ...BOTH }),
  r('/ai-video-single', null, '图生视频', 'Image to video', { page: 'video' }),
  r('/tryon', 'ai-photo', '虚拟试穿', 'Virtual try-on', { page: 'tryon' }),
  r('/batch-copy-bg', 'material-generation', '批量复制背景', 'Batch background copy', { page: 'batchCopyBg', ...BOTH }),

  // Rewrite and topic routes
  r('/rewrite-text', 'rewrite', '文案改写', 'Text rewrite'),
  r('/rewrite-article', 'rewrite', '爆文改写', 'Article rewrite'),
  r('/rewrite-image', 'rewrite', '图片改写', 'Image rewrite'),
  r('/rewrite-video', 'rewrite', '视频改写', 'Video rewrite'),
  r('/topic-generate', 'hot-creation', '主题创作', 'Topic creation'),

  // Marketing routes
  r('/mott', 'workbench', '营销工作台', 'Marketing workbench', BOTH),
  r('/mott-recommend', 'workbench', '热点推荐', 'Hotspot recommendations', BOTH),
  r('/mott-idea', 'workbench', '创意生成', 'Creative ideas', BOTH),
  r('/mott-content', 'workbench', '内容生成', 'Content generation', BOTH),
  r('/content-calendar', 'workbench', '内容日历', 'Content calendar'),
  r('/content-hotspot', 'hot-creation', '热点营销', 'Hotspot marketing'),
  r('/mott-agent', 'agent', 'Agent', 'Agent', { guards: ['chat'] }),
  r('/mott-statistics', 'workbench', '数据统计', 'Statistics'),
  r('/mott-knowledge', 'asset-library', '知识库', 'Knowledge base'),
  r('/goods', 'asset-library', '商品库', 'Product library', { guards: ['vip'] }),
  r('/model-supermarket', 'asset-library', '授权模特库', 'Authorized model library'),

  // Hot lists
  r('/hot-topic-list', 'hot-topics', '热点话题', 'Hot topics'),
  r('/hot-word-list', 'hot-topics', '热词榜', 'Hot words'),
  r('/month-calendar', 'hot-topics', '出行日历', 'Travel events'),
  r('/modi-content', 'hot-topics', '热门内容', 'Popular content'),
  r('/hot-videos', 'hot-topics', '热门视频', 'Hot videos'),
  r('/hot-notes', 'hot-topics', '热门笔记', 'Hot notes'),
  r('/hot-calendar', 'hot-topics', '热点日历', 'Hotspot calendar'),
  r('/hot-immediate', 'hot-topics', '实时热点', 'Real-time hotspots'),

  // Enterprise and KOS routes
  r('/kos-account', 'enterprise-management', '账号管理', 'Accounts'),
  r('/kos-monitoring', 'enterprise-management', '账号监控', 'Account monitoring'),
  r('/kos-personality', 'enterprise-management', '人设管理', 'Personas'),
  r('/kos-topic', 'enterprise-management', '选题管理', 'Topics'),
  r('/kos-tenant', 'enterprise-management', '租户管理', 'Tenants'),
  r('/kos-member', 'enterprise-management', '成员管理', 'Members'),
  r('/audit', 'enterprise-management', '内容审核', 'Review'),
  r('/audit-management', 'enterprise-management', '审核管理', 'Review management'),
  r('/prod-insight', 'marketing-insight', '商品洞察', 'Product insight', { guards: ['login'] }),
  r('/comment-insight', 'marketing-insight', '评论洞察', 'Comment insight', { guards: ['login'] }),
  r('/release-xhs', 'creation-tools', '发布中心', 'Publish centre'),

  // Modi library routes
  r('/modi-knowledge', 'asset-library', '企业知识库', 'Enterprise knowledge'),
  ...withId(r('/modi-hot-library', 'asset-library', '热点库', 'Hotspot library')),
  ...withId(r('/modi-content-library', 'asset-library', '内容库', 'Content library')),
  r('/modi-tags-library', 'asset-library', '标签库', 'Tag library'),
  r('/modi-bot', 'hot-creation', '创作助手', 'Creation assistant'),
  r('/modi-poster', 'hot-creation', '海报创作', 'Poster creation'),
  ...withId(r('/modi-note-base', 'asset-library', '笔记库', 'Note library')),
  ...withId(r('/modi-poster-material', 'asset-library', '海报素材库', 'Poster materials')),
  ...withId(r('/modi-pub-note-base', 'asset-library', '已发布笔记', 'Published notes')),
  r('/modi-task-list', 'enterprise-management', '任务管理', 'Tasks'),
  r('/modi-task-list/create', null, '创建任务', 'Create task', { brandPath: '/modi-task-list' }),
  r('/modi-task-list/edit/:id', null, '编辑任务', 'Edit task', { brandPath: '/modi-task-list' }),
  r('/modi-theme', 'enterprise-management', '主题管理', 'Themes'),
  r('/modi-theme/create', null, '创建主题', 'Create theme', { brandPath: '/modi-theme' }),
  r('/modi-theme/edit/:id', null, '编辑主题', 'Edit theme', { brandPath: '/modi-theme' }),
  r('/modi-theme/create-topic', null, '创建选题', 'Create topic', { brandPath: '/modi-theme' }),
  r('/modi-theme/edit-topic/:id', null, '编辑选题', 'Edit topic', { brandPath: '/modi-theme' }),

  // Feishu plugin pages
  r('/feishu-plugins/audit-text-first', 'creation-tools', '飞书插件：文本初审', 'Feishu: first text review'),
  r('/feishu-plugins/note-import', 'creation-tools', '飞书插件：笔记导入', 'Feishu: note import'),
  r('/feishu-plugins/multi-post', 'creation-tools', '飞书插件：多平台发布', 'Feishu: multi-post'),
  r('/feishu-plugins/gaoding-pic', 'creation-tools', '飞书插件：稿定图片', 'Feishu: Gaoding pictures'),
  r('/feishu-plugins/auth', null, '飞书插件：授权', 'Feishu: authorization'),
  r('/feishu-plugins/xinhong', 'creation-tools', '飞书插件：新红数据', 'Feishu: Xinhong data'),
  r('/feishu-plugins/data-sync', 'creation-tools', '飞书插件：数据同步', 'Feishu: data sync'),

  // ProductGPT pages
  r('/productGPT/product-insights', 'product-gpt', '商品洞察', 'Product insights'),
  r('/productGPT/forecast-production', 'product-gpt', '产量预测', 'Production forecast'),
  r('/productGPT/intelligent-dispatching', 'product-gpt', '智能调度', 'Intelligent dispatching'),
  r('/productGPT/intelligent-marketing', 'product-gpt', '智能营销', 'Intelligent marketing'),

  // Mobile only
  r('/template', null, '模板库', 'Templates', MOBILE_ONLY),
  r('/template-edit', null, '模板编辑', 'Edit template', MOBILE_ONLY),
  r('/feihe-activity/guide', null, '活动指南', 'Campaign guide', MOBILE_ONLY),
  r('/poster', null, '海报', 'Poster', MOBILE_ONLY),
  r('/share', null, '邀请好友', 'Invite friends', MOBILE_ONLY),
  r('/activity', null, '推荐活动', 'Referral campaign', MOBILE_ONLY),
  r('/select-login', null, '选择账号', 'Choose an account', MOBILE_ONLY),
  r('/kos-persona', null, '人设设置', 'Persona setup', MOBILE_ONLY),
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
