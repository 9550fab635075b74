import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../../components/Modal';
import { t as translate, useI18n, type MessageKey } from '../../lib/i18n';
import { useRouteSet } from '../shell';

/** `file` values: each has an English variant with an `En` suffix. */
export const AGREEMENT_FILES = ['userAgreement', 'privacyPolicy', 'three'] as const;
export type AgreementFile = (typeof AGREEMENT_FILES)[number];

/** Splits `privacyPolicyEn` into the document and its language; null if unknown. */
export function parseAgreementFile(raw: string | null): { file: AgreementFile; en: boolean } | null {
  if (!raw) return { file: 'userAgreement', en: false };
  const en = raw.endsWith('En');
  const base = en ? raw.slice(0, -2) : raw;
  return (AGREEMENT_FILES as readonly string[]).includes(base) ? { file: base as AgreementFile, en } : null;
}

export function agreementUrl(file: AgreementFile, en: boolean): string {
  return `${import.meta.env.BASE_URL}agreements/${file}${en ? 'En' : ''}.md`;
}

/** A tiny Markdown subset: headings (#, ##), list items (-) and paragraphs. */
function AgreementText({ text }: { text: string }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <div className="agreement-text">
      {blocks.map((block, i) => {
        const b = block.trim();
        if (b.startsWith('## ')) return <h3 key={i}>{b.slice(3)}</h3>;
        if (b.startsWith('# ')) return <h2 key={i}>{b.slice(2)}</h2>;
        if (b.startsWith('- ')) {
          return (
            <ul key={i}>
              {b.split('\n').map((line, j) => (
                <li key={j}>{line.replace(/^- /, '')}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{b}</p>;
      })}
    </div>
  );
}

/**
 * /user-agreement?file=userAgreement|privacyPolicy|three (+En). Static files
 * shipped in public/agreements; on mobile shown in a modal frame.
 */
export function UserAgreementPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useRouteSet() === 'mobile' || params.get('mobile') === 'true';
  const parsed = parseAgreementFile(params.get('file'));
  const doc = useQuery({
    queryKey: ['agreement', parsed?.file, parsed?.en],
    enabled: !!parsed,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const res = await fetch(agreementUrl(parsed!.file, parsed!.en), { signal });
      const type = res.headers.get('Content-Type') ?? '';
      // The SPA fallback answers index.html for a missing file.
      if (!res.ok || type.includes('text/html')) throw new Error(`agreement ${res.status}`);
      return res.text();
    },
  });

  // The title is in the document's language (an En file has an English title).
  const title = parsed ? translate(`agreement.${parsed.file}` as MessageKey, undefined, parsed.en ? 'en' : 'zh') : t('agreement.unknown');
  const body = !parsed ? (
    <p className="muted">{t('agreement.unknown')}</p>
  ) : doc.isPending ? (
    <p className="muted">{t('app.loading')}</p>
  ) : doc.isError ? (
    <p className="form-error">{t('agreement.failed')}</p>
  ) : (
    <AgreementText text={doc.data} />
  );

  if (mobile) {
    return (
      <Modal
        open
        variant="mobile"
        title={title}
        closeLabel={t('common.close')}
        onClose={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        testId="agreement-modal"
        className="agreement-modal"
      >
        <div data-testid="agreement">{body}</div>
      </Modal>
    );
  }
  return (
    <div className="page agreement-page" data-testid="agreement">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <section className="panel">{body}</section>
    </div>
  );
}
