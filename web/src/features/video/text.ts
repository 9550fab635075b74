/** The video page's strings, zh and en. */
import type { Lang } from '../../lib/i18n';

const TEXT = {
  title: ['图生视频', 'Image to video'],
  subtitle: ['上传一张商品图，生成带运镜的短视频：主体与背景分层运动（2.5D 视差）', 'Upload a product photo and get a short camera-move clip: subject and background move in layers (2.5D parallax)'],
  camera: ['运镜方式', 'Camera move'],
  'camera.L': ['左移', 'Pan left'],
  'camera.R': ['右移', 'Pan right'],
  'camera.U': ['上移', 'Pan up'],
  'camera.D': ['下移', 'Pan down'],
  'camera.CW': ['顺时针旋转', 'Roll clockwise'],
  'camera.ACW': ['逆时针旋转', 'Roll anticlockwise'],
  'camera.I': ['推近', 'Zoom in'],
  'camera.O': ['拉远', 'Zoom out'],
  speed: ['运动速度', 'Speed'],
  'speed.high': ['快', 'High'],
  'speed.medium': ['中', 'Medium'],
  'speed.low': ['慢', 'Low'],
  distance: ['运动幅度', 'Motion distance'],
  duration: ['时长', 'Duration'],
  seconds: ['{n} 秒', '{n} s'],
  format: ['格式', 'Format'],
  resolution: ['分辨率', 'Resolution'],
  needImage: ['请先上传图片', 'Please upload an image first'],
  generating: ['视频生成中…', 'Making the video…'],
  failed: ['生成失败，灵石已返还', 'Generation failed, your coins have been returned'],
  timeout: ['生成超时，灵石已返还', 'Generation timed out, your coins have been returned'],
  empty: ['上传图片并选择运镜方式，生成的视频会显示在这里', 'Upload an image and pick a camera move; the video appears here'],
  download: ['下载视频', 'Download video'],
  downloadPoster: ['下载封面', 'Download poster'],
  length: ['时长 {n} 秒', '{n} s long'],
  history: ['生成记录', 'History'],
} as const satisfies Record<string, readonly [string, string]>;

export type VideoTextKey = keyof typeof TEXT;

export function videoText(lang: Lang, key: VideoTextKey, vars?: Record<string, string | number>): string {
  let s: string = TEXT[key][lang === 'en' ? 1 : 0];
  for (const [k, v] of Object.entries(vars ?? {})) s = s.replace(`{${k}}`, String(v));
  return s;
}
