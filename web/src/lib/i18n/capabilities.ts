/** Strings of the capability gate (merged into the one i18n table). */
export const CAPABILITY_MESSAGES = {
  'capability.modelMissing.title': { zh: '该功能需要的模型未安装', en: 'This feature needs a model that is not installed' },
  'capability.modelMissing.desc': {
    zh: '当前没有计算节点加载了以下模型，请联系运营人员安装后再使用。',
    en: 'No worker has loaded the models below; ask the operator to install them.',
  },
  'capability.noWorker': {
    zh: '暂无在线的计算节点：提交的任务会排队，节点上线后自动处理。',
    en: 'No worker is online yet: tasks you submit wait and run when one starts.',
  },
  'capability.waiting': {
    zh: '计算节点暂时离线：提交的任务会排队，节点恢复后自动处理。',
    en: 'The workers are offline for now: tasks you submit wait and run when they return.',
  },
  'capability.notAllowed.title': { zh: '该功能暂不可用', en: 'This feature is not available' },
  'capability.notAllowed.desc': {
    zh: '该功能只能使用非商业许可的模型，当前部署或企业已禁用此类模型。',
    en: 'Only models licensed for non-commercial use serve this feature, and this deployment or organisation refuses them.',
  },
  'capability.model.licence': { zh: '许可：{licence}', en: 'Licence: {licence}' },
  'capability.model.nonCommercial': { zh: '仅限非商业用途', en: 'Non-commercial use only' },
  'capability.model.install': { zh: '安装方式', en: 'How to install' },
  'capability.model.reason': { zh: '原因：{reason}', en: 'Reason: {reason}' },
  'capability.lackingPools': { zh: '缺少该能力的资源池：{pools}', en: 'Pools without it: {pools}' },
} as const;
