/** The custom-model enquiry: name, phone, company required; text ≤ 30, requirements ≤ 100. */
import { useState } from 'react';
import { Modal } from '../../../components/Modal';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useSubmitEnquiry } from '../api/leads';
import {
  EMPTY_ENQUIRY,
  ENQUIRY_FIELDS,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  canSubmitEnquiry,
  enquiryErrors,
  type EnquiryField,
  type EnquiryValues,
} from '../rules';
import './forms.css';

const REQUIRED: EnquiryField[] = ['name', 'phone', 'company'];

export function EnquiryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [values, setValues] = useState<EnquiryValues>(EMPTY_ENQUIRY);
  const [tried, setTried] = useState(false);
  const submit = useSubmitEnquiry();
  const errors = tried ? enquiryErrors(values) : {};

  const onSubmit = () => {
    setTried(true);
    if (Object.keys(enquiryErrors(values)).length > 0) return;
    const body = Object.fromEntries(ENQUIRY_FIELDS.map((f) => [f, values[f].trim()]));
    submit.mutate(body, {
      onSuccess: () => {
        toast.success(t('lead.success'));
        setValues(EMPTY_ENQUIRY);
        setTried(false);
        onClose();
      },
    });
  };

  return (
    <Modal open={open} title={t('enquiry.title')} closeLabel={t('common.close')} onClose={onClose} testId="enquiry-dialog">
      <form
        className="form lead-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {ENQUIRY_FIELDS.map((f) => {
          const max = f === 'requirements' ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
          const err = errors[f];
          return (
            <label className="field" key={f}>
              <span>
                {t(`enquiry.field.${f}`)}
                {REQUIRED.includes(f) ? ' *' : ''}
              </span>
              {f === 'requirements' ? (
                <textarea className="input" data-testid={`enquiry-${f}`} value={values[f]} rows={3} onChange={(e) => setValues({ ...values, [f]: e.target.value })} />
              ) : (
                <input className="input" data-testid={`enquiry-${f}`} value={values[f]} onChange={(e) => setValues({ ...values, [f]: e.target.value })} />
              )}
              {err && (
                <span className="field-error" data-testid={`enquiry-${f}-error`}>
                  {t(err)}
                </span>
              )}
              <span className="muted field-count">
                {[...values[f]].length}/{max}
              </span>
            </label>
          );
        })}
        <button type="submit" className="button primary" data-testid="enquiry-submit" disabled={!canSubmitEnquiry(values) || submit.isPending}>
          {t('lead.submit')}
        </button>
      </form>
    </Modal>
  );
}
