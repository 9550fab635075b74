/**
 * The lead / contact form (enterprise service, contact adviser), in its
 * standard, HOT and MODI variants. Code 0: success toast, the finish
 * callback (e.g. leave for the external page), close. A non-zero answer
 * does nothing visible.
 */
import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useSubmitLead } from '../api/leads';
import {
  EMPTY_LEAD,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  canSubmitLead,
  leadErrors,
  leadFields,
  leadPayload,
  leadPhoneRequired,
  type LeadField,
  type LeadType,
  type LeadValues,
} from '../rules';
import './forms.css';

const REQUIRED: LeadField[] = ['name', 'companyName'];

export function LeadDialog({
  open,
  onClose,
  type,
  webSource,
  onFinish,
}: {
  open: boolean;
  onClose: () => void;
  type?: LeadType;
  webSource?: string;
  onFinish?: () => void;
}) {
  const { t } = useI18n();
  const [values, setValues] = useState<LeadValues>(EMPTY_LEAD);
  const [tried, setTried] = useState(false);
  const submit = useSubmitLead();
  const errors = tried ? leadErrors(values, type) : {};

  const onSubmit = () => {
    setTried(true);
    if (!canSubmitLead(values, type) || Object.keys(leadErrors(values, type)).length > 0) return;
    submit.mutate(leadPayload(values, type, webSource), {
      onSuccess: () => {
        toast.success(t('lead.success'));
        setValues(EMPTY_LEAD);
        setTried(false);
        onFinish?.();
        onClose();
      },
    });
  };

  return (
    <Modal open={open} title={t('lead.title')} closeLabel={t('common.close')} onClose={onClose} testId="lead-dialog">
      <form
        className="form lead-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {leadFields(type).map((f) => {
          const required = REQUIRED.includes(f) || (f === 'phone' && leadPhoneRequired(type));
          const max = f === 'description' ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
          const err = errors[f];
          return (
            <label className="field" key={f}>
              <span>
                {t(`lead.field.${f}`)}
                {required ? ' *' : ''}
              </span>
              {f === 'description' ? (
                <textarea
            className="input"
                  data-testid={`lead-${f}`}
                  value={values[f]}
                  rows={3}
                  onChange={(e) => setValues({ ...values, [f]: e.target.value })}
                />
              ) : (
                <input className="input" data-testid={`lead-${f}`} value={values[f]} onChange={(e) => setValues({ ...values, [f]: e.target.value })} />
              )}
              {err && (
                <span className="field-error" data-testid={`lead-${f}-error`}>
                  {t(err)}
                </span>
              )}
              <span className="muted field-count">
                {[...values[f]].length}/{max}
              </span>
            </label>
          );
        })}
        <button type="submit" className="button primary" data-testid="lead-submit" disabled={!canSubmitLead(values, type) || submit.isPending}>
          {t('lead.submit')}
        </button>
      </form>
    </Modal>
  );
}
