/** The tabs between the admin pages (each page renders them once it knows the user is an admin). */
import { NavLink } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { adminText, type AdminKey } from './text';
import './admin.css';

const PAGES: { path: string; label: AdminKey; testId: string }[] = [
  { path: '/admin', label: 'nav.fleet', testId: 'admin-nav-fleet' },
  { path: '/admin/hotspot-sources', label: 'nav.sources', testId: 'admin-nav-sources' },
];

export function AdminNav() {
  const { lang } = useI18n();
  return (
    <nav className="tabs admin-nav" aria-label={adminText('nav.label', lang)} data-testid="admin-nav">
      {PAGES.map((p) => (
        <NavLink key={p.path} to={p.path} end className="tab" data-testid={p.testId}>
          {adminText(p.label, lang)}
        </NavLink>
      ))}
    </nav>
  );
}
