/**
 * The one i18n table: every user-visible string, in Chinese (default) and
 * English. `{name}` placeholders are filled by `t(key, { name })`.
 * The upload rules' messages live beside their limits in `lib/uploadRules`
 * and are merged in here.
 */
import { UPLOAD_MESSAGES } from '../uploadRules';
import { BENEFITS_MESSAGES } from './benefits';
import { BIZ_TYPE_MESSAGES } from './bizTypes';
import { CALENDAR_MESSAGES } from './calendar';
import { CAPABILITY_MESSAGES } from './capabilities';
import { CATALOGUE_MESSAGES } from './catalogue';
import { DIFFUSION_MESSAGES } from './diffusion';
import { POSTER_MESSAGES } from './poster';
import { POSTER_MATERIAL_MESSAGES } from './posterMaterial';
import { HOTSPOT_MESSAGES } from './hotspots';
import { POSTER_FILL_MESSAGES } from './posterFill';
import { QR_MESSAGES } from './qrCode';
import { CUTOUT_EDITOR_MESSAGES } from './cutoutEditor';
import { PRODUCT_IMAGE_MESSAGES } from './productImage';
import { REWRITE_BG_MESSAGES } from './rewriteBackground';
import { TEXT_REWRITE_MESSAGES } from './textRewrite';
import { MEDIA_REWRITE_MESSAGES } from './mediaRewrite';
import { RESULT_MESSAGES } from './results';
import { ROUTE_MESSAGES } from './routes';
import { VIDEO_MESSAGES } from './video';
import { ADMIN_MESSAGES } from './admin';
import { ADMIN_HOTSPOT_MESSAGES } from './adminHotspots';
import { ENGAGEMENT_MESSAGES } from './engagement';
import { API_KEY_MESSAGES } from './apiKeys';
import { STATISTICS_MESSAGES } from './statistics';
import { WORKBENCH_MESSAGES } from './workbench';
import { IDEA_MESSAGES } from './ideas';
import { CONTENT_MESSAGES } from './content';
import { PRODUCT_PHOTO_MESSAGES } from './productPhoto';

export const messages = {
  'app.brand': { zh: 'pixmart', en: 'pixmart' },
  'app.lang.switchTo': { zh: 'English', en: '中文' },
  'app.lang.label': { zh: '切换语言', en: 'Switch language' },
  'app.login': { zh: '登录', en: 'Log in' },
  'app.logout': { zh: '退出登录', en: 'Log out' },
  'app.lingshi': { zh: '灵石 {n}', en: '{n} coins' },
  'app.notFound': { zh: '页面不存在', en: 'Page not found' },
  'app.backHome': { zh: '返回首页', en: 'Back to home' },
  'app.loading': { zh: '加载中…', en: 'Loading…' },

  'menu.group.home': { zh: '首页', en: 'Home' },
  'menu.group.workbench': { zh: '工作台', en: 'Workbench' },
  'menu.group.hot-topics': { zh: '热点', en: 'Trends' },
  'menu.group.asset-library': { zh: '资产库', en: 'Asset library' },
  'menu.group.enterprise-management': { zh: '企业管理', en: 'Enterprise management' },
  'menu.group.hot-creation': { zh: '热点创作', en: 'Hot creation' },
  'menu.group.material-generation': { zh: '素材生成', en: 'Material generation' },
  'menu.group.ai-photo': { zh: 'AI商拍', en: 'AI commerce photography' },
  'menu.group.product-gpt': { zh: 'ProductGPT', en: 'ProductGPT' },
  'menu.group.rewrite': { zh: '改写', en: 'Rewrite' },
  'menu.group.marketing-insight': { zh: '营销洞察(Beta)', en: 'Marketing insight (beta)' },
  'menu.group.creation-tools': { zh: 'AI工具', en: 'AI tools' },
  'menu.group.agent': { zh: 'Agent', en: 'Agent' },
  'menu.group.benefit-centre': { zh: '权益中心', en: 'Benefit centre' },
  'menu.group.creation-space': { zh: '创作空间', en: 'Creation space' },
  'menu.label': { zh: '主菜单', en: 'Main menu' },
  'menu.more': { zh: '更多', en: 'More' },
  'menu.side': { zh: '功能导航', en: 'Tools' },

  'shell.notAvailable.title': { zh: '该功能暂未开放', en: 'This feature is not available yet' },
  'shell.notAvailable.desc': {
    zh: '「{name}」还在建设中，暂时无法使用。',
    en: '“{name}” is not built yet and cannot be used.',
  },
  'shell.forbidden.title': { zh: '暂无权限', en: 'No permission' },
  'shell.forbidden.desc': {
    zh: '您没有访问该页面的权限',
    en: 'You do not have permission to view this page',
  },
  'shell.loginRequired.title': { zh: '请先登录', en: 'Please log in first' },
  'shell.loginRequired.desc': { zh: '登录后即可使用「{name}」', en: 'Log in to use “{name}”' },

  'float.label': { zh: '帮助', en: 'Help' },
  'float.contact': { zh: '联系顾问', en: 'Contact adviser' },
  'float.contact.desc': {
    zh: '如需开通、咨询或帮助，请联系本站运营方：',
    en: 'For plans, questions or help, contact the operator of this site:',
  },
  'float.contact.name': { zh: '联系人', en: 'Contact' },
  'float.contact.phone': { zh: '电话', en: 'Phone' },
  'float.contact.email': { zh: '邮箱', en: 'Email' },
  'float.contact.wechat': { zh: '微信', en: 'WeChat' },
  'float.tutorial': { zh: '官方教程', en: 'Official tutorial' },
  'float.backToTop': { zh: '回到顶部', en: 'Back to top' },
  'common.close': { zh: '关闭', en: 'Close' },

  'mobile.switch': { zh: '切换页面', en: 'Switch page' },
  'mobile.back': { zh: '返回', en: 'Back' },
  'mobile.feedback': { zh: '帮助与反馈', en: 'Help & feedback' },
  'mobile.lingshi': { zh: '剩余灵石 {n}', en: '{n} coins left' },

  'reminder.expiry.title': { zh: '会员到期提醒', en: 'Membership expiry reminder' },
  'reminder.expiry.body': { zh: '您的会员权益仅剩 {n} 天', en: 'Your membership benefits end in {n} days' },
  'reminder.lingshi.title': { zh: '灵石不足', en: 'Not Enough Gold Coins' },
  'reminder.lingshi.body': {
    zh: '您的灵石数量不足，快去权益中心加购吧～',
    en: 'You do not have enough coins; top up in the benefit centre',
  },
  'reminder.lingshi.bodyMobile': {
    zh: '您的灵石数量不足，请前往电脑端权益中心加购～',
    en: 'You do not have enough coins; top up in the benefit centre on a computer',
  },
  'reminder.lingshi.bodyEnterprise': {
    zh: '您的灵石数量不足，请联系客服购买灵石～',
    en: 'You do not have enough coins; contact customer service to buy more',
  },
  'reminder.toMember': { zh: '前往权益中心', en: 'Go to the benefit centre' },
  'reminder.ok': { zh: '我知道了', en: 'OK' },

  'tier.free': { zh: '免费版', en: 'Free' },
  'tier.basic': { zh: '基础版', en: 'Basic' },
  'tier.professional': { zh: '专业版', en: 'Professional' },
  'tier.premium': { zh: '高级版', en: 'Premium' },
  'tier.flagship': { zh: '旗舰版', en: 'Flagship' },
  'tier.enterprise': { zh: '企业版', en: 'Enterprise' },

  'personal.title': { zh: '创作空间', en: 'Creation space' },
  'personal.subtitle': { zh: '您在本站生成的全部作品', en: 'Everything you have generated here' },
  'personal.retention': {
    zh: '当前套餐：{tier}，历史记录保留 {n} 天',
    en: 'Plan: {tier}; history is kept for {n} days',
  },
  'personal.empty': { zh: '暂无创作记录', en: 'Nothing created yet' },
  'personal.account': { zh: '账号', en: 'Account' },
  'personal.lingshi': { zh: '剩余灵石', en: 'Coins left' },

  'agreement.userAgreement': { zh: '用户协议', en: 'User agreement' },
  'agreement.privacyPolicy': { zh: '隐私政策', en: 'Privacy policy' },
  'agreement.three': { zh: '第三方许可', en: 'Third-party licences' },
  'agreement.failed': { zh: '协议加载失败，请稍后再试', en: 'Could not load the document, please try again later' },
  'agreement.unknown': { zh: '未找到该协议', en: 'No such document' },

  'home.title': { zh: 'AI 商业图片，一键生成', en: 'Commercial images with AI, in one click' },
  'home.subtitle': {
    zh: '为商家打造的 AI 图片工具：抠图、换背景、模特图……',
    en: 'AI image tools for merchants: cutouts, backgrounds, model photos…',
  },
  'home.features': { zh: '已上线功能', en: 'Available now' },
  'home.steps': { zh: '三步完成', en: 'Three steps' },
  'home.step1': { zh: '上传商品图片（500KB~10MB）', en: 'Upload a product photo (500KB to 10MB)' },
  'home.step2': { zh: '选择模型，点击生成', en: 'Pick a model and press Generate' },
  'home.step3': { zh: '预览并下载结果', en: 'Preview and download the result' },
  'home.plans': { zh: '历史记录保留时长', en: 'How long your history is kept' },
  'home.plans.days': { zh: '{n} 天', en: '{n} days' },
  'home.agreements': { zh: '协议与许可', en: 'Agreements and licences' },

  'auth.title': { zh: '欢迎使用 pixmart', en: 'Welcome to pixmart' },
  'auth.tab.password': { zh: '密码登录', en: 'Password login' },
  'auth.tab.register': { zh: '注册', en: 'Register' },
  'auth.account.placeholder': { zh: '请输入手机号/邮箱', en: 'Phone number or email' },
  'auth.password.placeholder': { zh: '请输入密码', en: 'Password' },
  'auth.confirm.placeholder': { zh: '请再次输入密码', en: 'Confirm password' },
  'auth.agreement.prefix': { zh: '我已阅读并同意', en: 'I have read and agree to the ' },
  'auth.agreement.user': { zh: '《用户协议》', en: 'User Agreement' },
  'auth.agreement.and': { zh: '和', en: ' and the ' },
  'auth.agreement.privacy': { zh: '《隐私政策》', en: 'Privacy Policy' },
  'auth.submit.login': { zh: '登录', en: 'Log in' },
  'auth.submit.register': { zh: '注册并登录', en: 'Register and log in' },
  'auth.close': { zh: '关闭', en: 'Close' },
  'auth.invalidPhone': { zh: '请输入正确的手机号码', en: 'Please enter a correct phone number' },
  'auth.invalidEmail': { zh: '请输入正确的邮箱', en: 'Please enter a correct email' },
  'auth.invalidAccount': {
    zh: '请输入正确的手机号码/邮箱',
    en: 'Please enter a correct phone number or email',
  },
  'auth.invalidPassword': { zh: '密码长度需为8到64位', en: 'Password must be 8 to 64 characters' },
  'auth.passwordMismatch': { zh: '两次输入密码不一致～', en: 'Passwords do not match' },
  'auth.agreementRequired': { zh: '请阅读并勾选', en: 'Please read and check' },
  'auth.loginFailed': { zh: '用户名密码输入错误', en: 'Username or Password Incorrect' },
  'auth.registerFailed': { zh: '注册失败，请稍后再试', en: 'Registration failed, please try again later' },
  'auth.loginSuccess': { zh: '登录成功', en: 'Logged in' },
  // Sign-in by code, captcha, register and reset.
  'auth.tab.sms': { zh: '验证码登录', en: 'SMS code' },
  'auth.tab.mail': { zh: '邮箱验证码', en: 'Email code' },
  'auth.phone.placeholder': { zh: '请输入手机号', en: 'Phone number' },
  'auth.mail.placeholder': { zh: '请输入邮箱', en: 'Email' },
  'auth.code.placeholder': { zh: '请输入6位验证码', en: '6-digit code' },
  'auth.code.send': { zh: '获取验证码', en: 'Get code' },
  'auth.code.countdown': { zh: '{n}秒后重新获取', en: 'Resend in {n}s' },
  'auth.codeSent': { zh: '验证码已发送～', en: 'Code sent～' },
  'auth.invalidCode': { zh: '请输入正确的验证码', en: 'Please enter a correct verification code' },
  'auth.phoneRequired': { zh: '请输入手机号～', en: 'Please enter your phone number' },
  'auth.captcha.title': { zh: '请输入图形验证码', en: 'Enter the characters in the image' },
  'auth.captcha.placeholder': { zh: '图形验证码', en: 'Characters' },
  'auth.captcha.submit': { zh: '确定', en: 'Confirm' },
  'auth.captcha.refresh': { zh: '换一张', en: 'New image' },
  'auth.captchaFailed': { zh: '验证失败请重试', en: 'Verification failed, please try again' },
  'auth.tooFrequent': { zh: '请求频繁，请稍后再试', en: 'Too many requests, please try again later' },
  'auth.autoRegistered': {
    zh: '该手机号尚未注册，将为您直接注册并登录',
    en: 'This phone number is not registered yet; it will be registered and signed in directly',
  },
  'auth.autoRegisteredMobile': {
    zh: '未注册的手机号，通过验证后将自动注册账号',
    en: 'An unregistered phone number is registered automatically after verification',
  },
  'auth.link.register': { zh: '注册账号', en: 'Create an account' },
  'auth.link.reset': { zh: '忘记密码', en: 'Forgot password' },
  'auth.link.back': { zh: '返回登录', en: 'Back to login' },
  'auth.title.register': { zh: '注册', en: 'Register' },
  'auth.title.reset': { zh: '重置密码', en: 'Reset password' },
  'auth.submit.reset': { zh: '重置密码', en: 'Reset password' },
  'auth.resetDone': { zh: '密码已重置，请重新登录', en: 'Password reset, please log in' },
  'auth.loginErrorQuery': { zh: '用户名或密码错误！', en: 'Incorrect username or password!' },
  'auth.inviteInvalid': { zh: '邀请码错误', en: 'Wrong invite code' },

  'error.network': { zh: '网络异常，请稍后再试', en: 'Network error, please try again later' },
  'error.server': { zh: '服务器繁忙，请稍后再试', en: 'Server busy, please try again later' },

  ...UPLOAD_MESSAGES,
  ...ENGAGEMENT_MESSAGES,
  ...API_KEY_MESSAGES,
  ...BENEFITS_MESSAGES,
  ...BIZ_TYPE_MESSAGES,
  ...CAPABILITY_MESSAGES,
  ...CATALOGUE_MESSAGES,
  ...DIFFUSION_MESSAGES,
  ...QR_MESSAGES,
  ...POSTER_MESSAGES,
  ...POSTER_MATERIAL_MESSAGES,
  ...HOTSPOT_MESSAGES,
  ...POSTER_FILL_MESSAGES,
  ...CUTOUT_EDITOR_MESSAGES,
  ...PRODUCT_IMAGE_MESSAGES,
  ...REWRITE_BG_MESSAGES,
  ...TEXT_REWRITE_MESSAGES,
  ...MEDIA_REWRITE_MESSAGES,
  ...RESULT_MESSAGES,
  ...ROUTE_MESSAGES,
  ...VIDEO_MESSAGES,
  ...ADMIN_MESSAGES,
  ...ADMIN_HOTSPOT_MESSAGES,
  ...CALENDAR_MESSAGES,
  ...STATISTICS_MESSAGES,
  ...WORKBENCH_MESSAGES,
  ...IDEA_MESSAGES,
  ...CONTENT_MESSAGES,
  ...PRODUCT_PHOTO_MESSAGES,
  'upload.hint': { zh: '点击上传图片', en: 'Click to upload an image' },
  'upload.rules': {
    zh: '支持 PNG/JPG/WEBP，500KB~10MB，宽高比 0.5~2，分辨率不低于 256*256',
    en: 'PNG/JPG/WEBP, 500KB to 10MB, aspect ratio 0.5 to 2, at least 256*256',
  },
  'upload.materialRules': {
    zh: '支持 PNG/JPG/WEBP，不超过10MB，宽高比 1:10~10:1，分辨率不低于 32*32',
    en: 'PNG/JPG/WEBP, up to 10MB, aspect ratio 1:10 to 10:1, at least 32*32',
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
  'cutout.model.fused': { zh: '精准（推荐，双模型融合）', en: 'Accurate (recommended, two models)' },
  'cutout.model.isnet': { zh: '精细 ISNet', en: 'Fine (ISNet)' },
  'cutout.model.u2net': { zh: '稳健 U²-Net（复杂背景）', en: 'Steady (U²-Net, busy backgrounds)' },
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
  'task.stop': { zh: '停止生成', en: 'Stop' },
  'task.stopping': { zh: '正在停止…', en: 'Stopping…' },
  'task.stopped': { zh: '停止生成，灵石已返还', en: 'Generation stopped, your coins were returned' },

  'history.title': { zh: '历史记录', en: 'History' },
  'history.empty': { zh: '暂无记录', en: 'Nothing yet' },
  'history.loginHint': { zh: '登录后查看历史记录', en: 'Log in to see your history' },
  'history.loadMore': { zh: '加载更多', en: 'Load more' },
  'history.loading': { zh: '加载中…', en: 'Loading…' },
  'history.download': { zh: '下载', en: 'Download' },
  'history.downloadVideo': { zh: '下载视频', en: 'Download video' },
  'history.downloadText': { zh: '下载文案', en: 'Download text' },
  'history.refunded': { zh: '灵石已返还', en: 'Coins returned' },
  'history.video': { zh: '视频', en: 'Video' },

  'workspace.generate': { zh: '立即生成', en: 'Generate' },
  'workspace.generating': { zh: '生成中…', en: 'Generating…' },
  'workspace.cost': { zh: '{n} 灵石', en: '{n} coins' },
  'workspace.limitsLoading': { zh: '正在读取选项，请稍候', en: 'Loading the options, one moment' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
