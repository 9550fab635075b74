/**
 * The admin page's "dedicated compute" section: each tenant's pool, and a
 * form to assign one (its tasks then go only to workers started with
 * `--pool NAME`) or to send the tenant back to the shared pool.
 */
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { isValidPoolName, useAssignPool, useTenantPools, type TenantPool } from '../api/tenantPools';
import { adminText, type AdminKey } from './text';

export function TenantPools({ enabled }: { enabled: boolean }) {
  const { lang } = useI18n();
  const tr = (k: AdminKey) => adminText(k, lang);
  const tenants = useTenantPools(enabled);
  if (!tenants.data) return null;
  return (
    <section>
      <h2>{tr('tenantPools')}</h2>
      {tenants.data.length === 0 ? (
        <p className="muted">{tr('noTenants')}</p>
      ) : (
        <table className="admin-table" data-testid="admin-tenant-pools">
          <thead>
            <tr>
              <th>{tr('tenant')}</th>
              <th>{tr('pool')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tenants.data.map((t) => (
              <TenantPoolRow key={t.id} tenant={t} tr={tr} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function TenantPoolRow({ tenant, tr }: { tenant: TenantPool; tr: (k: AdminKey) => string }) {
  const [pool, setPool] = useState(tenant.pool === 'default' ? '' : tenant.pool);
  const assign = useAssignPool();
  const name = pool.trim();
  const valid = name === '' || isValidPoolName(name);
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    assign.mutate(
      { tenantId: tenant.id, pool: name === '' ? null : name },
      { onSuccess: (t) => toast.success(`${tr('poolSaved')}: ${t.pool}`) },
    );
  };
  return (
    <tr data-testid={`tenant-pool-${tenant.slug}`}>
      <td>
        {tenant.name} <span className="muted">({tenant.slug})</span>
      </td>
      <td>{tenant.pool}</td>
      <td>
        <form onSubmit={save} className="inline-form">
          <input
            aria-label={tr('pool')}
            value={pool}
            placeholder="default"
            onChange={(e) => setPool(e.target.value)}
            aria-invalid={!valid}
          />
          <button type="submit" disabled={!valid || assign.isPending}>
            {tr('assignPool')}
          </button>
          {!valid && <span className="field-error">{tr('poolNameRule')}</span>}
        </form>
      </td>
    </tr>
  );
}
