/**
 * Desktop or mobile route set: mobile when the user agent looks like a
 * phone and the path does not contain the standalone video path.
 */
export type RouteSet = 'desktop' | 'mobile';

export const STANDALONE_VIDEO_PATH = '/ai-video-single';

const PHONE_UA =
  /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|HarmonyOS.*Mobile|MicroMessenger.*Mobile/i;

export function isPhoneUserAgent(ua: string): boolean {
  return PHONE_UA.test(ua);
}

export function chooseRouteSet(userAgent: string, pathname: string): RouteSet {
  return isPhoneUserAgent(userAgent) && !pathname.includes(STANDALONE_VIDEO_PATH) ? 'mobile' : 'desktop';
}
