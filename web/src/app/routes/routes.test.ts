import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, normalizeConfig, type AppConfig } from '../../lib/config';
import { LANGS, messages, t } from '../../lib/i18n';
import { buildMenu, isMottArea, layoutVisibility, menuVisible, needsLogin, routeAccess, type GuardContext } from './guards';
import { DESKTOP_ROUTES, MENU_GROUPS, MOBILE_ROUTES, ROUTES, findRoute } from './registry';
import { chooseRouteSet, isPhoneUserAgent } from './routeSet';

const PIXEL_7 =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const SPEC_PATHS = `/human-figure-image /model-photo-new /shoes-image /wig-image /ai-product-image /rewrite-background /product-bg
/ai-cutout /customized-models /customized-animal /customized-publicity /ai-qr-code /ai-video /ai-video-single /tryon /batch-copy-bg
/rewrite-text /rewrite-article /rewrite-image /rewrite-video /topic-generate /mott /mott-recommend /mott-idea /mott-content
/content-calendar /content-hotspot /mott-agent /mott-statistics /mott-knowledge /goods /model-supermarket /hot-topic-list
/hot-word-list /month-calendar /modi-content /hot-videos /hot-notes /hot-calendar /hot-immediate /kos-account /kos-monitoring
/kos-personality /kos-topic /kos-tenant /kos-member /audit /audit-management /prod-insight /comment-insight /release-xhs
/modi-knowledge /modi-hot-library /modi-content-library /modi-tags-library /modi-bot /modi-poster /modi-note-base
/modi-poster-material /modi-pub-note-base /modi-hot-library/7 /modi-content-library/7 /modi-note-base/7 /modi-poster-material/7
/modi-pub-note-base/7 /modi-task-list /modi-task-list/create /modi-task-list/edit/7 /modi-theme /modi-theme/create
/modi-theme/edit/7 /modi-theme/create-topic /modi-theme/edit-topic/7 /feishu-plugins/audit-text-first /feishu-plugins/note-import
/feishu-plugins/multi-post /feishu-plugins/gaoding-pic /feishu-plugins/auth /feishu-plugins/xinhong /feishu-plugins/data-sync
/productGPT/product-insights /productGPT/forecast-production /productGPT/intelligent-dispatching /productGPT/intelligent-marketing
/ /member /personal-center /personal-setting /user-agreement /403`.split(/\s+/);
const MOBILE_ONLY = '/template /template-edit /feihe-activity/guide /poster /share /activity /select-login /kos-persona'.split(' ');

function ctx(over: Partial<GuardContext> = {}, config: Partial<AppConfig> = {}): GuardContext {
  return {
    loggedIn: false,
    vipUser: false,
    isChatAllow: false,
    config: normalizeConfig({ ...DEFAULT_CONFIG, ...config }),
    ...over,
  };
}

const def = (path: string) => {
  const d = findRoute(path);
  if (!d) throw new Error(`no route ${path}`);
  return d;
};

describe('route registry', () => {
  it('has every route the original app has, in the right set', () => {
    for (const p of SPEC_PATHS) expect(findRoute(p, DESKTOP_ROUTES), p).toBeDefined();
    for (const p of MOBILE_ONLY) {
      expect(findRoute(p, MOBILE_ROUTES), p).toBeDefined();
      expect(findRoute(p, DESKTOP_ROUTES), p).toBeUndefined();
    }
    for (const p of ['/', '/ai-cutout', '/personal-center', '/personal-setting', '/member', '/user-agreement', '/403']) {
      expect(findRoute(p, MOBILE_ROUTES), p).toBeDefined();
    }
  });

  it('has unique paths, known groups, and a zh and en title for each route', () => {
    const paths = ROUTES.map((d) => d.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const d of ROUTES) {
      if (d.group) expect(MENU_GROUPS).toContain(d.group);
      // A title is a key of the one i18n table (t() would otherwise echo the key).
      expect(messages[d.titleKey], d.path).toBeDefined();
      for (const lang of LANGS) expect(t(d.titleKey, undefined, lang).trim(), `${d.path} ${lang}`).not.toBe('');
    }
  });

  it('has a zh and en name for every menu group', () => {
    for (const g of MENU_GROUPS) {
      const entry = messages[`menu.group.${g}` as keyof typeof messages];
      expect(entry?.zh, g).toBeTruthy();
      expect(entry?.en, g).toBeTruthy();
    }
  });

  it('matches parameters and ignores a trailing slash', () => {
    expect(def('/modi-theme/edit/42').path).toBe('/modi-theme/edit/:id');
    expect(def('/modi-theme/create').path).toBe('/modi-theme/create');
    expect(def('/ai-cutout/').path).toBe('/ai-cutout');
    expect(findRoute('/nope')).toBeUndefined();
  });
});

describe('route set selection', () => {
  it('recognises phones, not tablets or desktops', () => {
    expect(isPhoneUserAgent(PIXEL_7)).toBe(true);
    expect(isPhoneUserAgent(IPHONE)).toBe(true);
    expect(isPhoneUserAgent(IPAD)).toBe(false);
    expect(isPhoneUserAgent(ANDROID_TABLET)).toBe(false);
    expect(isPhoneUserAgent(DESKTOP)).toBe(false);
  });

  it('uses the mobile set on a phone unless the path holds the standalone video path', () => {
    expect(chooseRouteSet(PIXEL_7, '/')).toBe('mobile');
    expect(chooseRouteSet(PIXEL_7, '/ai-cutout')).toBe('mobile');
    expect(chooseRouteSet(PIXEL_7, '/ai-video-single')).toBe('desktop');
    expect(chooseRouteSet(PIXEL_7, '/pixmart/ai-video-single/x')).toBe('desktop');
    expect(chooseRouteSet(DESKTOP, '/')).toBe('desktop');
  });
});

describe('guards', () => {
  it('a path outside the brand answers 403; /403 and the agreements always open', () => {
    expect(routeAccess(def('/ai-video'), ctx())).toBe('forbidden');
    expect(routeAccess(def('/403'), ctx({}, { routes: [] }))).toBe('ok');
    expect(routeAccess(def('/user-agreement'), ctx({}, { routes: [] }))).toBe('ok');
    expect(routeAccess(def('/personal-center'), ctx({ loggedIn: true }, { routes: ['/'] }))).toBe('forbidden');
  });

  it('an unbuilt route is not available (not 403), inside the brand or not, and in no menu', () => {
    expect(routeAccess(def('/mott-recommend'), ctx())).toBe('not-available');
    expect(routeAccess(def('/mott-agent'), ctx({}, { routes: [] }))).toBe('not-available');
    expect(routeAccess(def('/mott-agent'), ctx({}, { routes: ['/mott-agent'] }))).toBe('not-available');
    expect(menuVisible(def('/mott-agent'), ctx({}, { routes: ['/mott-agent'] }))).toBe(false);
    expect(routeAccess(def('/mott-agent'), ctx({ loggedIn: true }, { routes: ['/mott-agent'] }))).toBe('not-available');
  });

  it('the workbench and its statistics are built, on desktops and phones, for signed-in users of a brand that lists them', () => {
    const pages = { '/mott': 'workbench', '/mott-statistics': 'statistics' };
    for (const [p, page] of Object.entries(pages)) {
      expect(def(p).page, p).toBe(page);
      expect(def(p).group, p).toBe('workbench');
      expect(def(p).guards, p).toContain('login');
      expect(findRoute(p, MOBILE_ROUTES), p).toBeDefined();
      const brand = { routes: [p] };
      expect(routeAccess(def(p), ctx({}, brand)), p).toBe('login');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, brand)), p).toBe('ok');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, { routes: ['/'] })), p).toBe('forbidden');
      expect(menuVisible(def(p), ctx({ loggedIn: true }, brand)), p).toBe(true);
    }
  });

  it('the idea report page is built at /mott-idea and /content-hotspot, on desktops and phones, for signed-in users of a brand that lists it', () => {
    for (const p of ['/mott-idea', '/content-hotspot']) {
      expect(def(p).page, p).toBe('ideaReport');
      expect(def(p).guards, p).toContain('login');
      expect(findRoute(p, MOBILE_ROUTES), p).toBeDefined();
      const brand = { routes: [p] };
      expect(routeAccess(def(p), ctx({}, brand)), p).toBe('login');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, brand)), p).toBe('ok');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, { routes: ['/'] })), p).toBe('forbidden');
      expect(menuVisible(def(p), ctx({ loggedIn: true }, brand)), p).toBe(true);
    }
    expect(def('/mott-idea').group).toBe('workbench');
    expect(def('/content-hotspot').group).toBe('hot-creation');
  });

  it('the content page is built at /mott-content, on desktops and phones, for signed-in users of a brand that lists it', () => {
    const p = '/mott-content';
    expect(def(p).page).toBe('mottContent');
    expect(def(p).group).toBe('workbench');
    expect(def(p).guards).toContain('login');
    expect(findRoute(p, MOBILE_ROUTES)).toBeDefined();
    const brand = { routes: [p] };
    expect(routeAccess(def(p), ctx({}, brand))).toBe('login');
    expect(routeAccess(def(p), ctx({ loggedIn: true }, brand))).toBe('ok');
    expect(routeAccess(def(p), ctx({ loggedIn: true }, { routes: ['/'] }))).toBe('forbidden');
    expect(menuVisible(def(p), ctx({ loggedIn: true }, brand))).toBe(true);
  });

  it('the marketing calendars are built, on desktops and phones, for signed-in users of a brand that lists them', () => {
    const pages = { '/content-calendar': 'contentCalendar', '/hot-calendar': 'hotCalendar', '/month-calendar': 'travelCalendar' };
    for (const [p, page] of Object.entries(pages)) {
      expect(def(p).page, p).toBe(page);
      expect(def(p).guards, p).toContain('login');
      expect(findRoute(p, MOBILE_ROUTES), p).toBeDefined();
      const brand = { routes: [p] };
      expect(routeAccess(def(p), ctx({}, brand)), p).toBe('login');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, brand)), p).toBe('ok');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, { routes: ['/'] })), p).toBe('forbidden');
      expect(menuVisible(def(p), ctx({ loggedIn: true }, brand)), p).toBe(true);
    }
    expect(def('/content-calendar').group).toBe('workbench');
    expect(def('/month-calendar').group).toBe('hot-topics');
  });

  it('the poster materials library is built, on desktops and phones, with its detail page, for signed-in users of a brand that lists it', () => {
    for (const p of ['/modi-poster-material', '/modi-poster-material/7']) {
      expect(def(p).page, p).toBe('posterMaterial');
      expect(findRoute(p, MOBILE_ROUTES), p).toBeDefined();
      expect(def(p).guards, p).toContain('login');
    }
    const brand = { routes: ['/modi-poster-material'] };
    expect(routeAccess(def('/modi-poster-material'), ctx({}, brand))).toBe('login');
    expect(routeAccess(def('/modi-poster-material'), ctx({ loggedIn: true }, brand))).toBe('ok');
    expect(routeAccess(def('/modi-poster-material/7'), ctx({ loggedIn: true }, brand))).toBe('ok');
    expect(routeAccess(def('/modi-poster-material'), ctx({ loggedIn: true }, { routes: ['/'] }))).toBe('forbidden');
    // In the asset-library menu (the detail page is in none).
    expect(menuVisible(def('/modi-poster-material'), ctx({ loggedIn: true }, brand))).toBe(true);
    expect(def('/modi-poster-material/7').group).toBeNull();
  });

  it('the hot lists are built, on desktops and phones, for signed-in users of a brand that lists them', () => {
    const pages = {
      '/hot-topic-list': 'hotTopics',
      '/hot-word-list': 'hotWords',
      '/hot-immediate': 'hotImmediate',
      '/hot-notes': 'hotNotes',
      '/hot-videos': 'hotVideos',
      '/modi-content': 'popularContent',
    };
    for (const [p, page] of Object.entries(pages)) {
      expect(def(p).page, p).toBe(page);
      expect(findRoute(p, MOBILE_ROUTES), p).toBeDefined();
      expect(def(p).guards, p).toContain('login');
      const brand = { routes: [p] };
      expect(routeAccess(def(p), ctx({}, brand)), p).toBe('login');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, brand)), p).toBe('ok');
      expect(routeAccess(def(p), ctx({ loggedIn: true }, { routes: ['/'] })), p).toBe('forbidden');
    }
    // The calendar routes are the calendar feature's.
    expect(def('/hot-calendar').page).toBe('hotCalendar');
    expect(def('/month-calendar').page).toBe('travelCalendar');
  });

  it('benefit centre, creation space and marketing insight need login', () => {
    for (const p of ['/member', '/personal-center', '/prod-insight', '/comment-insight']) {
      expect(def(p).guards, p).toContain('login');
    }
    expect(routeAccess(def('/personal-center'), ctx())).toBe('login');
    expect(routeAccess(def('/personal-center'), ctx({ loggedIn: true }))).toBe('ok');
    expect(needsLogin(def('/personal-center'), { loggedIn: false })).toBe(true);
    expect(needsLogin(def('/ai-cutout'), { loggedIn: false })).toBe(false);
    // A login-guarded item still shows in the menu (clicking opens the dialog).
    expect(menuVisible(def('/personal-center'), ctx())).toBe(true);
  });

  it('vip items only for vipUser, Agent only with isChatAllow, customized-animal only with the flag', () => {
    const all = { routes: ['/goods', '/mott-agent', '/customized-animal'] };
    // Not built yet: that is what everyone is told, vip or not.
    expect(routeAccess(def('/goods'), ctx({ loggedIn: true }, all))).toBe('not-available');
    expect(menuVisible(def('/goods'), ctx({ loggedIn: true, vipUser: true }, all))).toBe(false);
    expect(routeAccess(def('/mott-agent'), ctx({ loggedIn: true, isChatAllow: true }, all))).toBe('not-available');
    // Built, switched off by the flag: not open yet (not 403), and in no menu.
    expect(routeAccess(def('/customized-animal'), ctx({}, all))).toBe('not-available');
    expect(menuVisible(def('/customized-animal'), ctx({}, all))).toBe(false);
    // Built (the diffusion family's page): open once the flag is on.
    expect(routeAccess(def('/customized-animal'), ctx({}, { ...all, flags: { customizedImage: true } }))).toBe('ok');
  });

  it('builds each brand menu from its groups, in its order, without empty groups', () => {
    const pixmart = buildMenu(DEFAULT_CONFIG.menuGroups, DESKTOP_ROUTES, ctx());
    expect(pixmart.map((s) => s.group)).toEqual(['home', 'ai-photo', 'creation-space', 'benefit-centre']);
    expect(pixmart.find((s) => s.group === 'ai-photo')?.items.map((d) => d.path)).toEqual(['/ai-cutout']);

    const modi = normalizeConfig({ menuGroups: ['ai-photo', 'home', 'nonsense'], routes: ['/', '/ai-cutout', '/user-agreement'] });
    const modiMenu = buildMenu(modi.menuGroups, DESKTOP_ROUTES, ctx({}, modi));
    expect(modiMenu.map((s) => s.group)).toEqual(['ai-photo', 'home']);
  });

  it('hides the header and side bar on configured paths and for referrers', () => {
    const config = normalizeConfig({
      hidden: { headerPaths: ['/ai-cutout'], sidebarPaths: ['/personal-center'] },
      referrers: { 'partner-x': { hideHeader: true, hideSidebar: true, hideFloat: true, hidePoints: true } },
    });
    const none = { referrer: null, headHidden: false };
    expect(layoutVisibility('/', config, none)).toMatchObject({ header: true, sidebar: true, float: true, lingshi: true });
    expect(layoutVisibility('/ai-cutout', config, none)).toMatchObject({ header: false, sidebar: true });
    expect(layoutVisibility('/personal-center', config, none)).toMatchObject({ header: true, sidebar: false });
    expect(layoutVisibility('/', config, { referrer: 'partner-x', headHidden: false })).toEqual({
      header: false,
      sidebar: false,
      float: false,
      lingshi: false,
      enterpriseService: true,
    });
    expect(layoutVisibility('/', config, { referrer: 'unknown', headHidden: false }).header).toBe(true);
    expect(layoutVisibility('/', config, { referrer: null, headHidden: true }).header).toBe(false);
  });

  it('knows the MoTT area', () => {
    expect(isMottArea('/mott')).toBe(true);
    expect(isMottArea('/mott-idea')).toBe(true);
    expect(isMottArea('/MoTT/x')).toBe(true);
    expect(isMottArea('/ai-cutout')).toBe(false);
  });
});
