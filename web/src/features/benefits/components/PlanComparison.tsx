import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/icons';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import type { ProductType } from '../../../lib/retention';
import type { Product } from '../api/benefits';
import { FREE_GIFT, comparedTiers, planTermLabel, planTerms, tierFeatures } from '../planFeatures';
import { formatFen } from '../rules';
import './PlanComparison.css';

interface PlanComparisonProps {
  plans: readonly Product[];
  currentTier: ProductType;
  /** False for enterprise members, who buy through customer service. */
  canBuy: boolean;
  pending: boolean;
  onBuy: (productId: string) => void;
}

/**
 * The plans side by side: a column per tier, a row per price and per
 * benefit, so a merchant sees at a glance what an upgrade adds. Narrow
 * screens scroll the table sideways with the row names kept in view.
 */
export function PlanComparison({ plans, currentTier, canBuy, pending, onBuy }: PlanComparisonProps) {
  const { t, lang } = useI18n();
  const tiers = comparedTiers(plans);
  const terms = planTerms(plans);
  const number = (n: number) => n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en');
  const yes = (
    <span className="plan-yes" role="img" aria-label={t('benefits.compare.yes')}>
      <CheckIcon />
    </span>
  );
  const no = (
    <span className="plan-no" role="img" aria-label={t('benefits.compare.no')}>
      —
    </span>
  );

  const priceCell = (tier: ProductType, months: number, first: boolean): ReactNode => {
    if (tier === 'enterprise') {
      // One cell over every price row: enterprise has no list price.
      return first ? (
        <td key={tier} rowSpan={terms.length} className="plan-enterprise" data-testid="product-enterprise">
          {t('benefits.enterprise')}
        </td>
      ) : null;
    }
    if (tier === 'free') return <td key={tier}>{first ? t('benefits.compare.freePrice') : no}</td>;
    const p = plans.find((x) => x.productType === tier && x.months === months);
    if (!p) return <td key={tier}>{no}</td>;
    return (
      <td key={tier} data-testid={`product-${p.productId}`}>
        <span className="plan-price">¥{formatFen(p.priceFen)}</span>
        {canBuy && (
          <button type="button" className="button primary small" disabled={pending} onClick={() => onBuy(p.productId)}>
            {t('benefits.plan.buy')}
          </button>
        )}
      </td>
    );
  };

  const lingshi = (tier: ProductType) => {
    if (tier === 'free') return t('benefits.compare.freeGift', { n: number(FREE_GIFT) });
    if (tier === 'enterprise') return t('benefits.compare.custom');
    const gift = plans.find((p) => p.productType === tier)?.lingshi;
    return gift ? t('benefits.compare.perMonth', { n: number(gift) }) : no;
  };

  const rows: { key: string; label: MessageKey; cell: (tier: ProductType) => ReactNode }[] = [
    { key: 'lingshi', label: 'benefits.compare.lingshi', cell: lingshi },
    { key: 'speed', label: 'benefits.compare.speed', cell: (tier) => t(`benefits.speed.${tierFeatures(tier).speed}`) },
    {
      key: 'download',
      label: 'benefits.compare.download',
      cell: (tier) => (tierFeatures(tier).download2k ? t('benefits.compare.download2k') : t('benefits.compare.downloadStandard')),
    },
    { key: 'customColour', label: 'benefits.compare.customColour', cell: (tier) => (tierFeatures(tier).customColour ? yes : no) },
    { key: 'batch', label: 'benefits.compare.batch', cell: (tier) => (tierFeatures(tier).batch ? yes : no) },
    { key: 'dedicated', label: 'benefits.compare.dedicated', cell: (tier) => (tierFeatures(tier).dedicated ? yes : no) },
    {
      key: 'history',
      label: 'benefits.compare.history',
      cell: (tier) => t('benefits.compare.days', { n: tierFeatures(tier).retentionDays }),
    },
  ];

  return (
    <div className="plan-compare-scroll">
      <table className="plan-compare" data-testid="plan-compare">
        <thead>
          <tr>
            <th scope="col">{t('benefits.compare.feature')}</th>
            {tiers.map((tier) => (
              <th key={tier} scope="col" className={tier === currentTier ? 'current' : undefined} data-testid={`plan-col-${tier}`}>
                {t(`tier.${tier}`)}
                {tier === currentTier && <span className="plan-current">{t('benefits.compare.current')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {terms.map((months, i) => (
            <tr key={`term-${months}`} data-testid={`plan-row-term-${months}`}>
              <th scope="row">{planTermLabel(months, t)}</th>
              {tiers.map((tier) => priceCell(tier, months, i === 0))}
            </tr>
          ))}
          {rows.map((row) => (
            <tr key={row.key} data-testid={`plan-row-${row.key}`}>
              <th scope="row">{t(row.label)}</th>
              {tiers.map((tier) => (
                <td key={tier} className={tier === currentTier ? 'current' : undefined}>
                  {row.cell(tier)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
