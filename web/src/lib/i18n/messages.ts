/**
 * The one i18n table: every user-visible string, in Chinese (default) and
 * English. `{name}` placeholders are filled by `t(key, { name })`.
 * The upload rules' messages live beside their limits in `lib/uploadRules`
 * and are merged in here.
 */
import { UPLOAD_MESSAGES } from '../uploadRules';

export const messages = {
  'app.brand': { zh: 'pixmart', en: 'pixmart' },
  'app.nav.home': { zh: '首页', en: 'Home' },
  'app.nav.cutout': { zh: 'AI抠图', en: 'AI Cutout' },
  'app.lang.switchTo': { zh: 'English', en: '中文' },
  'app.lang.label': { zh: '切换语言', en: 'Switch language' },
  'app.login': { zh: '登录', en: 'Log in' },
  'app.logout': { zh: '退出登录', en: 'Log out' },
  'app.points': { zh: '灵石 {n}', en: '{n} coins' },
  'app.notFound': { zh: '页面不存在', en: 'Page not found' },
  'app.backHome': { zh: '返回首页', en: 'Back to home' },

  'home.title': { zh: 'AI 商业图片，一键生成', en: 'Commercial images with AI, in one click' },
  'home.subtitle': {
    zh: '为商家打造的 AI 图片工具：抠图、换背景、模特图……',
    en: 'AI image tools for merchants: cutouts, backgrounds, model photos…',
  },
  'home.cutout.title': { zh: 'AI抠图', en: 'AI Cutout' },
  'home.cutout.desc': {
    zh: '上传商品图，自动去除背景，得到透明底 PNG 和蒙版',
    en: 'Upload a product photo and get a transparent PNG and its mask',
  },
  'home.cutout.cta': { zh: '立即体验', en: 'Try it now' },

  'auth.title': { zh: '欢迎使用 pixmart', en: 'Welcome to pixmart' },
  'auth.tab.password': { zh: '密码登录', en: 'Password login' },
  'auth.tab.register': { zh: '注册', en: 'Register' },
  'auth.account.placeholder': { zh: '请输入手机号/邮箱', en: 'Phone number or email' },
  'auth.password.placeholder': { zh: '请输入密码', en: 'Password' },
  'auth.confirm.placeholder': { zh: '请再次输入密码', en: 'Confirm password' },
  'auth.agreement': {
    zh: '我已阅读并同意《用户协议》和《隐私政策》',
    en: 'I have read and agree to the User Agreement and the Privacy Policy',
  },
  'auth.submit.login': { zh: '登录', en: 'Log in' },
  'auth.submit.register': { zh: '注册并登录', en: 'Register and log in' },
  'auth.close': { zh: '关闭', en: 'Close' },
  'auth.invalidPhone': { zh: '请输入正确的手机号码', en: 'Please enter a correct phone number' },
  'auth.invalidEmail': { zh: '请输入正确的邮箱', en: 'Please enter a correct email' },
  'auth.invalidAccount': {
    zh: '请输入正确的手机号码/邮箱',
    en: 'Please enter a correct phone number or email',
  },
  'auth.invalidPassword': { zh: '密码长度需为6到64位', en: 'Password must be 6 to 64 characters' },
  'auth.passwordMismatch': { zh: '两次输入密码不一致～', en: 'Passwords do not match' },
  'auth.agreementRequired': { zh: '请阅读并勾选', en: 'Please read and check' },
  'auth.loginFailed': { zh: '用户名密码输入错误', en: 'Username or Password Incorrect' },
  'auth.registerFailed': { zh: '注册失败，请稍后再试', en: 'Registration failed, please try again later' },
  'auth.loginSuccess': { zh: '登录成功', en: 'Logged in' },

  'error.network': { zh: '网络异常，请稍后再试', en: 'Network error, please try again later' },
  'error.server': { zh: '服务器繁忙，请稍后再试', en: 'Server busy, please try again later' },

  ...UPLOAD_MESSAGES,
  'upload.hint': { zh: '点击上传图片', en: 'Click to upload an image' },
  'upload.rules': {
    zh: '支持 PNG/JPG/WEBP，500KB~10MB，宽高比 0.5~2，分辨率不低于 256*256',
    en: 'PNG/JPG/WEBP, 500KB to 10MB, aspect ratio 0.5 to 2, at least 256*256',
  },
  'upload.uploading': { zh: '上传中…', en: 'Uploading…' },
  'upload.replace': { zh: '重新上传', en: 'Replace image' },
  'upload.success': { zh: '上传成功', en: 'Uploaded' },

  'cutout.title': { zh: 'AI抠图', en: 'AI Cutout' },
  'cutout.subtitle': {
    zh: '自动识别主体，一键去除背景',
    en: 'Finds the subject and removes the background automatically',
  },
  'cutout.model': { zh: '抠图模型', en: 'Model' },
  'cutout.model.isnet': { zh: '精细 ISNet', en: 'Fine (ISNet)' },
  'cutout.model.u2netp': { zh: '快速 U²-Netp', en: 'Fast (U²-Netp)' },
  'cutout.generate': { zh: '立即生成', en: 'Generate' },
  'cutout.cost': { zh: '{n} 灵石', en: '{n} coins' },
  'cutout.needImage': { zh: '请先上传图片', en: 'Please upload an image first' },
  'cutout.generating': { zh: '生成中…', en: 'Generating…' },
  'cutout.failed': {
    zh: '生成失败，灵石已返还',
    en: 'Generation failed, your coins have been returned',
  },
  'cutout.timeout': {
    zh: '生成超时，灵石已返还',
    en: 'Generation timed out, your coins have been returned',
  },
  'cutout.empty': {
    zh: '上传图片并点击生成，抠图结果将显示在这里',
    en: 'Upload an image and press Generate; the cutout appears here',
  },
  'cutout.before': { zh: '原图', en: 'Original' },
  'cutout.after': { zh: '抠图结果', en: 'Cutout' },
  'cutout.compare': { zh: '拖动对比', en: 'Drag to compare' },
  'cutout.downloadCutout': { zh: '下载抠图', en: 'Download cutout' },
  'cutout.downloadMask': { zh: '下载蒙版', en: 'Download mask' },

  'download.inProgress': { zh: '下载中…', en: 'Downloading…' },
  'download.busy': {
    zh: '正在下载，请稍后再试',
    en: 'A download is in progress, please try again later',
  },
  'download.failed': { zh: '下载失败', en: 'Download failed' },

  'task.status.NEW': { zh: '排队中', en: 'Queued' },
  'task.status.RUNNING': { zh: '生成中', en: 'Running' },
  'task.status.SUCCESS': { zh: '已完成', en: 'Done' },
  'task.status.FAILED': { zh: '失败', en: 'Failed' },
  'task.status.TIMEOUT': { zh: '超时', en: 'Timed out' },

  'history.title': { zh: '历史记录', en: 'History' },
  'history.empty': { zh: '暂无记录', en: 'No cutouts yet' },
  'history.loginHint': { zh: '登录后查看历史记录', en: 'Log in to see your history' },
  'history.loadMore': { zh: '加载更多', en: 'Load more' },
  'history.loading': { zh: '加载中…', en: 'Loading…' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
