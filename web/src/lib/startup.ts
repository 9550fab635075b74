/**
 * What the startup address says: a referrer name,
 * channel, headHidden, hideBack, and the mini-program and partner-host
 * modes. Read once at startup and kept in sessionStorage so that a
 * navigation inside the app does not lose them. (`?token=` is handled by
 * lib/session; `?brand=` by lib/config.)
 */

export const STARTUP_STORAGE_KEY = 'PIXMART_STARTUP';

/** A host containing this marker is the mini-program web view. */
export const MINI_PROGRAM_HOST_MARKER = 'miniprogram';
/**
 * Partner hosts (the original app names three without saying which): a host whose
 * name contains one of these markers runs in partner-host mode.
 */
export const PARTNER_HOST_MARKERS: readonly string[] = ['partner.'];

export interface StartupParams {
  referrer: string | null;
  channel: string | null;
  genOriginImgUrl: string | null;
  genOriginState: string | null;
  headHidden: boolean;
  hideBack: boolean;
  miniProgram: boolean;
  partnerHost: boolean;
}

const EMPTY: StartupParams = {
  referrer: null,
  channel: null,
  genOriginImgUrl: null,
  genOriginState: null,
  headHidden: false,
  hideBack: false,
  miniProgram: false,
  partnerHost: false,
};

const truthy = (v: string | null) => v !== null && v !== '0' && v !== 'false';

/** Reads the startup parameters from a query string and a host name. */
export function parseStartup(search: string, host: string, previous: Partial<StartupParams> = {}): StartupParams {
  const q = new URLSearchParams(search);
  const referrer = q.get('referrer') ?? q.get('referer') ?? previous.referrer ?? null;
  const channel = q.get('channel') ?? previous.channel ?? null;
  const lowerHost = host.toLowerCase();
  return {
    referrer: referrer || null,
    channel: channel || null,
    genOriginImgUrl: q.get('genOriginImgUrl') ?? previous.genOriginImgUrl ?? null,
    genOriginState: q.get('genOriginState') ?? previous.genOriginState ?? null,
    headHidden: q.has('headHidden') ? truthy(q.get('headHidden')) : !!previous.headHidden,
    hideBack: q.has('hideBack') ? truthy(q.get('hideBack')) : !!previous.hideBack,
    miniProgram: !!channel || lowerHost.includes(MINI_PROGRAM_HOST_MARKER),
    partnerHost: PARTNER_HOST_MARKERS.some((m) => lowerHost.includes(m)),
  };
}

let current: StartupParams = EMPTY;

function readStored(): Partial<StartupParams> {
  try {
    const raw = globalThis.sessionStorage?.getItem(STARTUP_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Partial<StartupParams>) : {};
  } catch {
    return {};
  }
}

/** Called once from main: reads the address and remembers the result. */
export function initStartup(loc: Pick<Location, 'search' | 'hostname'> = window.location): StartupParams {
  current = parseStartup(loc.search, loc.hostname, readStored());
  try {
    globalThis.sessionStorage?.setItem(STARTUP_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // storage unavailable: this page load only
  }
  return current;
}

export function getStartup(): StartupParams {
  return current;
}

/** Whether the (mobile) header and the back button show. */
export function headerVisible(p: StartupParams = current): boolean {
  return !p.headHidden && !p.partnerHost;
}
export function backButtonVisible(p: StartupParams = current): boolean {
  return !p.hideBack && !p.miniProgram && !p.partnerHost;
}
