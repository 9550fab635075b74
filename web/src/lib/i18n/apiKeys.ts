/**
 * Strings of the API keys section of the personal settings (merged into the
 * one i18n table).
 */
export const API_KEY_MESSAGES = {
  'apiKeys.title': { zh: 'API 密钥', en: 'API keys' },
  'apiKeys.intro': {
    zh: '用于 remove.bg 兼容接口：在 remove.bg 插件或 SDK 中把 https://api.remove.bg 换成 {origin}（接口 {url}），并填入这里创建的密钥。每次调用按一次抠图扣除灵石。',
    en: 'For the remove.bg-compatible API: in a remove.bg plugin or SDK, replace https://api.remove.bg with {origin} (endpoint {url}) and use a key created here. Each call costs one cutout in coins.',
  },
  'apiKeys.name': { zh: '密钥名称', en: 'Key name' },
  'apiKeys.namePlaceholder': { zh: '例如：店铺插件', en: 'e.g. shop plugin' },
  'apiKeys.create': { zh: '创建密钥', en: 'Create key' },
  'apiKeys.created': { zh: '密钥已创建', en: 'Key created' },
  'apiKeys.secretOnce': {
    zh: '请立即复制并妥善保存，此密钥只显示这一次。',
    en: 'Copy it now and keep it safe: this key is shown only once.',
  },
  'apiKeys.copy': { zh: '复制', en: 'Copy' },
  'apiKeys.copied': { zh: '已复制', en: 'Copied' },
  'apiKeys.copyFailed': { zh: '复制失败，请手动选择复制', en: 'Copy failed; select the key and copy it' },
  'apiKeys.done': { zh: '我已保存', en: 'I have saved it' },
  'apiKeys.empty': { zh: '还没有 API 密钥', en: 'No API keys yet' },
  'apiKeys.loading': { zh: '加载中…', en: 'Loading…' },
  'apiKeys.loadFailed': { zh: 'API 密钥加载失败', en: 'API keys could not be loaded' },
  'apiKeys.createdAt': { zh: '创建于', en: 'Created' },
  'apiKeys.lastUsed': { zh: '最近使用', en: 'Last used' },
  'apiKeys.neverUsed': { zh: '从未使用', en: 'Never used' },
  'apiKeys.revoke': { zh: '撤销', en: 'Revoke' },
  'apiKeys.revokeTitle': { zh: '撤销密钥', en: 'Revoke key' },
  'apiKeys.revokeConfirm': {
    zh: '撤销后使用「{name}」的插件将立即无法调用，且无法恢复。确定撤销吗？',
    en: 'Plugins using “{name}” stop working at once, and this cannot be undone. Revoke it?',
  },
  'apiKeys.revoked': { zh: '密钥已撤销', en: 'Key revoked' },
  'apiKeys.cancel': { zh: '取消', en: 'Cancel' },
} as const satisfies Record<string, { zh: string; en: string }>;
