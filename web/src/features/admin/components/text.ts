/** The admin page's strings, zh and en. */
import type { Lang } from '../../../lib/i18n';

const TEXT = {
  title: ['集群管理', 'Fleet administration'],
  nodes: ['工作节点', 'Worker nodes'],
  noNodes: ['暂无工作节点', 'No worker node has registered'],
  node: ['节点', 'Node'],
  status: ['状态', 'Status'],
  'status.live': ['在线', 'live'],
  'status.stale': ['失联', 'stale'],
  'status.draining': ['排空中', 'draining'],
  'status.paused': ['已暂停', 'paused'],
  'status.offline': ['已下线', 'offline'],
  pool: ['资源池', 'Pool'],
  tenantPools: ['专属算力', 'Dedicated compute'],
  noTenants: ['暂无租户', 'No tenants'],
  tenant: ['租户', 'Tenant'],
  assignPool: ['保存', 'Save'],
  poolSaved: ['已更新资源池', 'Pool updated'],
  poolNameRule: ['1–64 位小写字母、数字、- 或 _；留空为共享池', '1–64 of a-z 0-9 - _; empty for the shared pool'],
  device: ['设备', 'Device'],
  types: ['任务类型', 'Task types'],
  models: ['已加载模型', 'Loaded models'],
  diffusionOn: ['扩散模型', 'Diffusion'],
  lacking: ['缺少模型的任务类型', 'Task types lacking a model'],
  lackingNoWorker: ['无节点', 'no worker'],
  current: ['当前任务', 'Current'],
  done: ['完成', 'Done'],
  failed: ['失败', 'Failed'],
  throughput: ['吞吐/分钟', 'Per minute'],
  load: ['负载', 'Load'],
  'action.drain': ['排空', 'Drain'],
  'action.pause': ['暂停', 'Pause'],
  'action.resume': ['恢复', 'Resume'],
  queues: ['队列深度', 'Queue depth'],
  lane: ['通道', 'Lane'],
  waiting: ['数据库中等待', 'Waiting (database)'],
  dispatched: ['已派发', 'In Redis'],
  running: ['运行中', 'Running'],
  redis: ['Redis 队列长度', 'Redis length'],
  pools: ['资源池', 'Pools'],
  liveWorkers: ['在线节点', 'Live workers'],
  queued: ['排队任务', 'Queued'],
  tenants: ['租户', 'Tenants'],
  noLiveWorker: ['无在线节点', 'no live worker'],
  stranded: ['无在线节点，任务等待中', 'no live worker: tasks waiting'],
  cancelTask: ['取消任务', 'Cancel a task'],
  taskId: ['任务 ID', 'Task ID'],
  cancel: ['取消', 'Cancel'],
  cancelled: ['任务已取消，灵石已返还', 'Task cancelled, lingshi returned'],
} as const;

export type AdminKey = keyof typeof TEXT;

export function adminText(key: AdminKey, lang: Lang): string {
  return TEXT[key][lang === 'en' ? 1 : 0];
}
