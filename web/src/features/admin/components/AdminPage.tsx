/**
 * /admin: the fleet for admins — nodes (status, jobs, load; drain, pause,
 * resume), queue depths by task type, pool and lane, pools (one without a
 * live worker is marked), and cancelling any task by id. Anyone else gets
 * the 403 page (the API answers ADMIN_ONLY).
 */
import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ForbiddenPage, LoadingPage } from '../../../app/pages/StatusPages';
import { useCancelTask, useNodeAction, useNodes, usePools, useQueues, type DiffusionReport, type FleetNode, type NodeAction } from '../api/admin';
import { AdminNav } from './AdminNav';
import { MissingModels } from './MissingModels';
import { TenantPools } from './TenantPools';
import { adminText, type AdminKey } from './text';

/** `Diffusion: sd15-inpainting (inpainting) on cuda:0, 2.0 GiB`. */
function describeDiffusion(d: DiffusionReport, label: string): string {
  const gib = d.weightBytes / 1024 ** 3;
  const size = gib >= 0.1 ? `${gib.toFixed(1)} GiB` : `${(d.weightBytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${label}: ${d.model}${d.inpainting ? ' (inpainting)' : ''} @ ${d.device}, ${size}`;
}

function actionsFor(node: FleetNode): NodeAction[] {
  if (node.status === 'offline') return [];
  return node.desiredState === 'active' ? ['drain', 'pause'] : ['resume'];
}

export function AdminPage() {
  const { lang } = useI18n();
  const tr = (k: AdminKey) => adminText(k, lang);
  const nodes = useNodes();
  const allowed = nodes.isSuccess;
  const queues = useQueues(allowed);
  const pools = usePools(allowed);
  const act = useNodeAction();
  const cancel = useCancelTask();
  const [taskId, setTaskId] = useState('');

  if (nodes.isError && isApiError(nodes.error) && (nodes.error.status === 403 || nodes.error.status === 401)) {
    return <ForbiddenPage />;
  }
  if (!nodes.data) return <LoadingPage />;

  const submitCancel = (e: React.FormEvent) => {
    e.preventDefault();
    const id = taskId.trim();
    if (!id) return;
    cancel.mutate(id, {
      onSuccess: () => {
        toast.success(tr('cancelled'));
        setTaskId('');
      },
    });
  };

  return (
    <div className="page admin-page" data-testid="admin-page">
      <AdminNav />
      <h1>{tr('title')}</h1>

      <section>
        <h2>{tr('nodes')}</h2>
        {nodes.data.length === 0 ? (
          <p className="muted" data-testid="admin-no-nodes">{tr('noNodes')}</p>
        ) : (
          <table className="admin-table" data-testid="admin-nodes">
            <thead>
              <tr>
                <th>{tr('node')}</th>
                <th>{tr('status')}</th>
                <th>{tr('pool')}</th>
                <th>{tr('device')}</th>
                <th>{tr('types')}</th>
                <th>{tr('models')}</th>
                <th>{tr('current')}</th>
                <th>{tr('done')}</th>
                <th>{tr('failed')}</th>
                <th>{tr('throughput')}</th>
                <th>{tr('load')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {nodes.data.map((n) => (
                <tr key={n.id} data-testid="admin-node" data-node={n.id}>
                  <td title={`${n.host} · v${n.version}`}>{n.id}</td>
                  <td data-testid="admin-node-status" className={`node-status node-${n.status}`}>
                    {tr(`status.${n.status}` as AdminKey)}
                  </td>
                  <td>{n.pool}</td>
                  <td>
                    {n.device}
                    {n.diffusion ? (
                      <div className="muted" data-testid="admin-node-diffusion">
                        {describeDiffusion(n.diffusion, tr('diffusionOn'))}
                      </div>
                    ) : null}
                  </td>
                  <td>{n.bizTypes.join(', ')}</td>
                  <td data-testid="admin-node-models">{(n.models ?? []).join(', ')}</td>
                  <td>{n.currentJobs}</td>
                  <td>{n.jobsDone}</td>
                  <td>{n.jobsFailed}</td>
                  <td>{n.throughputPerMin.toFixed(1)}</td>
                  <td>{Math.round(n.load * 100)}%</td>
                  <td>
                    {actionsFor(n).map((a) => (
                      <button
                        key={a}
                        type="button"
                        className="button"
                        data-testid={`admin-node-${a}`}
                        disabled={act.isPending}
                        onClick={() => act.mutate({ id: n.id, action: a })}
                      >
                        {tr(`action.${a}` as AdminKey)}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section>
        <h2>{tr('queues')}</h2>
        <table className="admin-table" data-testid="admin-queues">
          <thead>
            <tr>
              <th>{tr('types')}</th>
              <th>{tr('pool')}</th>
              <th>{tr('lane')}</th>
              <th>{tr('waiting')}</th>
              <th>{tr('dispatched')}</th>
              <th>{tr('running')}</th>
              <th>{tr('redis')}</th>
            </tr>
          </thead>
          <tbody>
            {(queues.data ?? []).map((q) => (
              <tr key={`${q.bizType}/${q.pool}/${q.lane}`} data-testid="admin-queue">
                <td>{q.bizType}</td>
                <td>{q.pool}</td>
                <td>{q.lane}</td>
                <td>{q.waiting}</td>
                <td>{q.dispatched}</td>
                <td>{q.running}</td>
                <td>{q.redisDepth ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section>
        <h2>{tr('pools')}</h2>
        <table className="admin-table" data-testid="admin-pools">
          <thead>
            <tr>
              <th>{tr('pool')}</th>
              <th>{tr('liveWorkers')}</th>
              <th>{tr('queued')}</th>
              <th>{tr('running')}</th>
              <th>{tr('tenants')}</th>
              <th>{tr('lacking')}</th>
            </tr>
          </thead>
          <tbody>
            {(pools.data ?? []).map((p) => (
              <tr key={p.pool} data-testid="admin-pool" data-pool={p.pool} className={p.noLiveWorker ? 'pool-down' : ''}>
                <td>
                  {p.pool}
                  {p.noLiveWorker && (
                    <span className="badge danger" data-testid="admin-pool-no-worker">
                      {p.stranded ? tr('stranded') : tr('noLiveWorker')}
                    </span>
                  )}
                </td>
                <td>{p.liveWorkers}</td>
                <td>{p.queuedTasks}</td>
                <td>{p.runningTasks}</td>
                <td>{p.tenants.join(', ')}</td>
                <td data-testid="admin-pool-lacking">
                  {(p.lacking ?? []).map((l) => (
                    <div key={l.bizType} data-biz-type={l.bizType}>
                      {l.bizType}: {l.missingModels.length > 0 ? l.missingModels.join(' / ') : tr('lackingNoWorker')}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <MissingModels />

      <TenantPools enabled={allowed} />

      <section>
        <h2>{tr('cancelTask')}</h2>
        <form onSubmit={submitCancel} className="admin-cancel">
          <input
            data-testid="admin-cancel-id"
            value={taskId}
            placeholder={tr('taskId')}
            onChange={(e) => setTaskId(e.target.value)}
          />
          <button type="submit" className="button primary" data-testid="admin-cancel-submit" disabled={!taskId.trim() || cancel.isPending}>
            {tr('cancel')}
          </button>
        </form>
      </section>
    </div>
  );
}
