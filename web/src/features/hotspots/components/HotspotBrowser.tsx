import { useMemo, useState } from 'react';
import { useSession } from '../../../lib/session';
import { LIST_SPECS, toHotspotQuery, type HotspotFilters, type ListName } from '../query';
import { HotspotDrawer } from './HotspotDrawer';
import { HotspotFilterBar } from './HotspotFilterBar';
import { HotspotList } from './HotspotList';

interface Props {
  list: ListName;
  filters: HotspotFilters;
  onFiltersChange: (next: HotspotFilters) => void;
  mobile?: boolean;
  pageSize?: number;
}

/** One list with the filters that mean something for it, and the detail of the hotspot opened. */
export function HotspotBrowser({ list, filters, onFiltersChange, mobile = false, pageSize }: Props) {
  const { user } = useSession();
  // The id outlives the drawer's closing so its content stays during the close transition.
  const [opened, setOpened] = useState<{ id: string | null; open: boolean }>({ id: null, open: false });
  const spec = LIST_SPECS[list];
  const query = useMemo(() => toHotspotQuery(spec, filters), [spec, filters]);
  return (
    <section className="panel hotspot-browser" data-testid="hotspot-browser" data-list={list}>
      <HotspotFilterBar value={filters} onChange={onFiltersChange} platform={spec.platformFilter} window={spec.windowed} />
      <HotspotList
        query={query}
        onOpen={(id) => setOpened({ id, open: true })}
        grid={'grid' in spec && spec.grid}
        deletable={list === 'custom'}
        enabled={!!user}
        pageSize={pageSize}
      />
      <HotspotDrawer id={opened.id} open={opened.open} onClose={() => setOpened((o) => ({ ...o, open: false }))} mobile={mobile} />
    </section>
  );
}
