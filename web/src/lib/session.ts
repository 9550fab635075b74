/**
 * Session state shared by every feature: the bearer token (localStorage
 * USER_TOKEN), the login dialog's open state, and the current user as the
 * app layer provides it. Features read the user through `useSession` so
 * they never import the auth feature.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export const TOKEN_STORAGE_KEY = 'USER_TOKEN';

/** Query-key prefix of the user info; invalidate it when the lingshi balance changes. */
export const USER_INFO_QUERY_KEY = ['user', 'info'] as const;

type Listener = () => void;

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: Listener) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

const tokenStore = store<string | null>(readStoredToken());
const loginDialogStore = store<boolean>(false);

export function getToken(): string | null {
  return tokenStore.get();
}

export function setToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: keep the token in memory only
  }
  tokenStore.set(token || null);
}

export function clearToken(): void {
  setToken(null);
}

/** Re-reads the stored token (used by tests). */
export function reloadToken(): void {
  tokenStore.set(readStoredToken());
}

export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
}

export function openLoginDialog(): void {
  loginDialogStore.set(true);
}

export function closeLoginDialog(): void {
  loginDialogStore.set(false);
}

export function isLoginDialogOpen(): boolean {
  return loginDialogStore.get();
}

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(loginDialogStore.subscribe, loginDialogStore.get, loginDialogStore.get);
}

/**
 * At startup a `?token=` leaves the address at once (so it is neither kept in
 * history nor shared by copying the address) and is returned, not stored:
 * only a partner host whose brand enables it may adopt it (see
 * `adoptUrlToken`), since anywhere else such a link would sign the visitor
 * into the account of whoever made it.
 */
export function takeTokenFromUrl(loc: Location = window.location, hist: History = window.history): string | null {
  const url = new URL(loc.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  hist.replaceState(hist.state, '', url.pathname + url.search + url.hash);
  return token || null;
}

/** Stores a token taken from the address when the host's brand allows it. */
export function adoptUrlToken(token: string | null, allowed: boolean): boolean {
  if (!token || !allowed) return false;
  setToken(token);
  return true;
}

/** What features may know about the signed-in user. */
export interface SessionUser {
  id: string | number;
  phone?: string | null;
  email?: string | null;
  userName?: string | null;
}

export interface Session {
  user: SessionUser | null;
  lingshi: number | null;
  /** True while the user info of a stored token is still loading. */
  loading: boolean;
  vipUser: boolean;
  isChatAllow: boolean;
  /** benefitPackage.product.productType: free, basic, professional, ... */
  productType: string | null;
  /** benefitPackage.endTime */
  benefitEndTime: string | null;
}

export const EMPTY_SESSION: Session = {
  user: null,
  lingshi: null,
  loading: false,
  vipUser: false,
  isChatAllow: false,
  productType: null,
  benefitEndTime: null,
};

export const SessionContext = createContext<Session>(EMPTY_SESSION);

export function useSession(): Session {
  return useContext(SessionContext);
}

/**
 * For guarded actions (upload, generate): returns true when a user is
 * signed in; otherwise opens the login dialog and returns false.
 */
export function useRequireLogin(): () => boolean {
  const { user, loading } = useSession();
  return () => {
    if (user && user.id !== undefined && user.id !== null && user.id !== '') return true;
    // A stored token whose user info is still loading: neither act nor nag.
    if (!loading) openLoginDialog();
    return false;
  };
}
