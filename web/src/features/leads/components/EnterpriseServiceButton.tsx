/**
 * The enterprise-service entry: some tenants go to /mott; everyone else
 * leaves their contact details (the lead form) and then goes to the
 * configured external page.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { EnterpriseServiceAction } from '../../../lib/config';
import { useI18n } from '../../../lib/i18n';
import { LeadDialog } from './LeadDialog';

export function EnterpriseServiceButton({ action }: { action: EnterpriseServiceAction }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const url = action.mode === 'contact' ? action.url : null;
  return (
    <>
      <button
        type="button"
        className="button small ghost"
        data-testid="enterprise-service"
        onClick={() => (action.mode === 'mott' ? navigate('/mott') : setOpen(true))}
      >
        {t('lead.enterprise')}
      </button>
      <LeadDialog
        open={open}
        onClose={() => setOpen(false)}
        webSource="enterprise"
        onFinish={url ? () => window.location.assign(url) : undefined}
      />
    </>
  );
}
