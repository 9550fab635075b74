import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Modal } from '../../components/Modal';
import { FeedbackDialog } from '../../features/feedback/components/FeedbackDialog';
import { useAppConfig, type BrandContact } from '../../lib/config';
import { useI18n } from '../../lib/i18n';
import { useRequireLogin } from '../../lib/session';
import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_THROTTLE_MS, throttle } from '../../lib/viewport';
import { BACK_TO_TOP_PATHS } from '../routes/guards';

/** Whether the page is scrolled far enough, checked at most every 200 ms. */
function useScrolledPast(threshold: number, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const check = throttle(() => setPast(window.scrollY >= threshold), SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', check, { passive: true });
    check();
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
    };
  }, [threshold, enabled]);
  return enabled && past;
}

function ContactDetails({ contact }: { contact: BrandContact }) {
  const { t } = useI18n();
  if (typeof contact === 'string') return <p data-testid="contact-text">{contact}</p>;
  const rows = [
    ['float.contact.name', contact.name],
    ['float.contact.phone', contact.phone],
    ['float.contact.email', contact.email],
    ['float.contact.wechat', contact.wechat],
  ] as const;
  return (
    <dl className="contact-list" data-testid="contact-text">
      {rows
        .filter(([, v]) => !!v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{t(k)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      {contact.note && <p>{contact.note}</p>}
    </dl>
  );
}

/**
 * The floating helper window: contact adviser (the operator contact from
 * the configuration), official tutorial link, and back-to-top on /, /home
 * and /member once scrolled 936 px, and help & feedback (login required).
 * Entries without data are hidden.
 */
export function FloatingHelper() {
  const { t } = useI18n();
  const { config } = useAppConfig();
  const { pathname } = useLocation();
  const [contactOpen, setContactOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const requireLogin = useRequireLogin();
  const { contact, tutorialUrl } = config.brand;
  const showBackToTop = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX, BACK_TO_TOP_PATHS.includes(pathname));

  return (
    <>
      <div className="float-helper" data-testid="float-helper" role="complementary" aria-label={t('float.label')}>
        {contact && (
          <button type="button" className="float-item" data-testid="float-contact" onClick={() => setContactOpen(true)}>
            {t('float.contact')}
          </button>
        )}
        <button
          type="button"
          className="float-item"
          data-testid="float-feedback"
          onClick={() => requireLogin() && setFeedbackOpen(true)}
        >
          {t('feedback.entry')}
        </button>
        {tutorialUrl && (
          <a className="float-item" href={tutorialUrl} target="_blank" rel="noopener noreferrer" data-testid="float-tutorial">
            {t('float.tutorial')}
          </a>
        )}
        {showBackToTop && (
          <button
            type="button"
            className="float-item"
            data-testid="back-to-top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            {t('float.backToTop')}
          </button>
        )}
      </div>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
      {contact && (
        <Modal open={contactOpen} title={t('float.contact')} closeLabel={t('common.close')} onClose={() => setContactOpen(false)} testId="contact-dialog">
          <p className="muted">{t('float.contact.desc')}</p>
          <ContactDetails contact={contact} />
        </Modal>
      )}
    </>
  );
}
