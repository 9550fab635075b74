import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render';
import type { MenuSection } from '../routes/guards';
import { DESKTOP_ROUTES } from '../routes/registry';
import { TopNav } from './TopNav';

const section = (group: string): MenuSection => ({ group, items: DESKTOP_ROUTES.filter((d) => d.group === group && d.path !== '/home') });
const MENU = ['home', 'hot-topics', 'rewrite', 'benefit-centre'].map(section);

/** jsdom lays nothing out: every entry is 100 px wide and the nav `available`. */
function layOut(available: number) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ width: 100 } as DOMRect);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(available);
}

const render = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <TopNav menu={MENU} />
    </MemoryRouter>,
  );

const inBar = () =>
  [...document.querySelectorAll('.topnav > a [data-testid], .topnav > .topnav-group:not(.topnav-more) > [data-testid]')].map((el) =>
    el.getAttribute('data-testid'),
  );

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { code: 404, msg: 'nope' })));
});
afterEach(() => vi.unstubAllGlobals());

describe('TopNav', () => {
  it('shows every group and no "More" when they fit', () => {
    layOut(1000);
    render('/');
    expect(inBar()).toEqual(['menu-group-home', 'menu-group-hot-topics', 'menu-group-rewrite', 'menu-group-benefit-centre']);
    expect(screen.queryByTestId('menu-more')).toBeNull();
  });

  it('moves the groups that do not fit, from the end, into "More", with their items', () => {
    // Two groups and "More" (300 px) fit in 350; three and "More" do not.
    layOut(350);
    render('/');
    expect(inBar()).toEqual(['menu-group-home', 'menu-group-hot-topics']);
    expect(screen.getByTestId('menu-more')).toHaveTextContent('更多');
    const more = within(screen.getByTestId('menu-more-dropdown'));
    expect(more.getByTestId('menu-group-rewrite')).toHaveTextContent('改写');
    expect(more.getByTestId('menu-item-/rewrite-article')).toHaveAttribute('href', '/rewrite-article');
    expect(more.getByTestId('menu-group-benefit-centre')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^menu-group-/)).toHaveLength(MENU.length);
    expect(screen.getByTestId('menu-more')).not.toHaveClass('active');
  });

  it('highlights "More" while the open page is in one of its groups', () => {
    layOut(350);
    render('/rewrite-text');
    expect(screen.getByTestId('menu-more')).toHaveClass('active');
    expect(screen.getByTestId('menu-group-rewrite')).toHaveClass('active');
    expect(screen.getByTestId('menu-group-hot-topics')).not.toHaveClass('active');
  });

  it('keeps the highlight on the group itself when it has room', () => {
    layOut(1000);
    render('/hot-word-list');
    expect(screen.getByTestId('menu-group-hot-topics')).toHaveClass('active');
    expect(screen.getByTestId('menu-group-hot-topics')).toHaveTextContent('热点');
  });
});
