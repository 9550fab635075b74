/**
 * The page height unit: `--vh` is 1% of the window's inner height (mobile
 * browsers' `100vh` includes the address bar), recomputed on resize.
 */
export function updateViewportHeight(win: Window = window): number {
  const vh = win.innerHeight * 0.01;
  win.document.documentElement.style.setProperty('--vh', `${vh}px`);
  return vh;
}

export function watchViewportHeight(win: Window = window): () => void {
  const onResize = () => updateViewportHeight(win);
  onResize();
  win.addEventListener('resize', onResize);
  win.addEventListener('orientationchange', onResize);
  return () => {
    win.removeEventListener('resize', onResize);
    win.removeEventListener('orientationchange', onResize);
  };
}

/** The original app's back-to-top threshold and throttle. */
export const BACK_TO_TOP_THRESHOLD_PX = 936;
export const SCROLL_THROTTLE_MS = 200;

/** Calls `fn` at most once per `ms`, with a trailing call for the last event. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    pending = null;
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      run(args);
    } else {
      pending = args;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (pending) run(pending);
      }, wait);
    }
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}
