/** Strings of the capability gate (merged into the one i18n table). */
export const CAPABILITY_MESSAGES = {
  'capability.modelMissing.desc': {
    zh: '当前没有计算节点加载了以下模型，依赖它们的功能对商家显示为「即将上线」。安装后重启计算节点即可开放。',
    en: 'No worker has loaded the models below; merchants see the features that need them as “coming soon”. Install them and restart the workers to open those features.',
  },
  'capability.admin.title': { zh: '待安装的模型', en: 'Models to install' },
  'capability.admin.none': { zh: '所有功能需要的模型均已加载。', en: 'Every feature has the models it needs.' },
  'capability.admin.for': { zh: '用于：{types}', en: 'For: {types}' },
  'capability.noWorker': {
    zh: '暂无在线的计算节点：提交的任务会排队，节点上线后自动处理。',
    en: 'No worker is online yet: tasks you submit wait and run when one starts.',
  },
  'capability.waiting': {
    zh: '计算节点暂时离线：提交的任务会排队，节点恢复后自动处理。',
    en: 'The workers are offline for now: tasks you submit wait and run when they return.',
  },
  'capability.model.licence': { zh: '许可：{licence}', en: 'Licence: {licence}' },
  'capability.model.nonCommercial': { zh: '仅限非商业用途', en: 'Non-commercial use only' },
  'capability.model.install': { zh: '安装方式', en: 'How to install' },
  'capability.model.reason': { zh: '原因：{reason}', en: 'Reason: {reason}' },
} as const;
