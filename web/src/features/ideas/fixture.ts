/** Idea reports as the API sends them: for unit tests only. */
import type { IdeaDefaults, IdeaReport } from './api/ideas';

export const DEFAULTS: IdeaDefaults = {
  mktType: 'product',
  marketDesc: '',
  prompt: '',
  ideaStyle: 'humorous',
  socialType: ['image', 'video', 'offline'],
  prices: { image: 30, video: 0, offline: 0 },
  ideasFreeUntil: '2027-06-30',
};

const ideas = (kind: string) => [1, 2, 3].map((n) => ({ title: `${kind}创意${n}`, content: `${kind}创意${n}的内容` }));

export function report(over: Partial<IdeaReport> = {}): IdeaReport {
  return {
    id: 'r1',
    reportTitle: '中秋节',
    hotspotId: null,
    hotspotSourceType: 'CALENDAR',
    process: 'generating',
    stage: 'created',
    runningStage: 'summary',
    currentTaskId: 't1',
    stages: ['summary', 'advice_online', 'association', 'risk'],
    errorStage: null,
    errorCode: null,
    reportParams: {
      topic: '中秋节',
      topicDesc: '团圆',
      mktType: 'product',
      marketDesc: '桂花乌龙奶茶，18元一杯，低糖',
      prompt: '',
      ideaStyle: 'lively',
      socialType: ['image'],
      ordering: 'desktop',
    },
    reportContent: { eventSummary: null, socialMediaMkts: [], socialMediaMktVideos: [], offlineMkts: [], association: [], marketingRisk: [] },
    pictures: [],
    picturesPending: false,
    createdAt: Date.parse('2026-11-27T09:00:00Z'),
    finishedAt: null,
    ...over,
  };
}

/** `r` with every stage written. */
export function completed(r: IdeaReport = report()): IdeaReport {
  return {
    ...r,
    process: 'completed',
    stage: r.stages[r.stages.length - 1] ?? 'created',
    runningStage: null,
    currentTaskId: null,
    reportContent: {
      eventSummary: '中秋节是团圆的节日。',
      socialMediaMkts: ideas('图文'),
      socialMediaMktVideos: ideas('视频'),
      offlineMkts: ideas('线下'),
      association: ['月饼礼盒', '赏月'],
      marketingRisk: ['避免过度承诺', '注意食品安全宣传用语'],
    },
    finishedAt: Date.parse('2026-11-27T09:02:00Z'),
  };
}
