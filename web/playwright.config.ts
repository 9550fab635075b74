import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against a running pixmart (api + worker serving web/dist).
 * The stack is started by scripts/test, not here (no webServer). Chromium is
 * Debian's (/usr/bin/chromium): never `npx playwright install`.
 */
const baseURL = process.env.PIXMART_E2E_BASE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  testDir: './e2e',
  // screenshots.spec.ts takes a picture of every page for a person to look
  // at and checks little else (layout-fit.spec.ts checks the same pages):
  // scripts/screenshots runs it; scripts/test does not.
  testIgnore: process.env.PIXMART_E2E_SCREENSHOTS ? undefined : /screenshots\.spec\.ts$/,
  // The cutout model runs on CPU: a generation may take minutes.
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: 'test-results',
  // The shell runs at a desktop viewport and as a phone (Pixel 7 user agent
  // and viewport, still Debian's Chromium); the feature specs on desktop.
  // The layout and screenshot specs cover every page, so they run as a
  // phone too (their @mobile tests).
  projects: [
    { name: 'desktop', grepInvert: /@mobile/, use: { viewport: { width: 1280, height: 900 } } },
    {
      name: 'mobile',
      testMatch: /(shell|layout-fit|screenshots|poster|poster-material|calendar|hotspots)\.spec\.ts/,
      grep: /@mobile/,
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.PIXMART_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
