import { Link } from 'react-router';
import { useAppConfig } from '../../lib/config';

/** The brand's logo (or its initial) and name, from the configuration. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { config } = useAppConfig();
  const { brand } = config;
  const inner = (
    <>
      {brand.logoUrl ? (
        <img className="brand-logo" src={brand.logoUrl} alt="" />
      ) : (
        <span className="brand-mark" aria-hidden="true">
          {brand.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {!compact && <span data-testid="brand-name">{brand.name}</span>}
    </>
  );
  // Some tenants' logo does not navigate.
  if (!config.entries.logoNavigates) {
    return (
      <span className="brand" data-testid="brand" data-brand-id={brand.id}>
        {inner}
      </span>
    );
  }
  return (
    <Link to="/" className="brand" data-testid="brand" data-brand-id={brand.id}>
      {inner}
    </Link>
  );
}
