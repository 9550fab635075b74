import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PosterStage } from './components/PosterStage';
import { createHistory } from './editorState';
import type { PosterTemplate } from './template';
import { isTap, pressStart } from './touch';

const ROOT = join(import.meta.dirname, '../../../..');
const DIR = [join(ROOT, 'shared/poster-template/templates'), join(ROOT, 'models/templates/posters')].find((d) => existsSync(d)) as string;
const template = JSON.parse(readFileSync(join(DIR, 'new-arrival-minimal.json'), 'utf8')) as PosterTemplate;
const doc = createHistory(template).stack.present;
/** The title's centre on a stage drawn at half size (540 px wide): new-arrival-minimal's title is at 90,150 900×130. */
const TITLE = { clientX: 270, clientY: 107 };
/** A point of the stage outside every slot but the backdrop. */
const CORNER = { clientX: 10, clientY: 700 };

describe('the touch rule', () => {
  it('a touch drags only the selected layer; elsewhere it waits to see a tap; a mouse drags what it presses', () => {
    expect(pressStart('touch', 'title', true)).toBe('drag');
    expect(pressStart('touch', 'title', false)).toBe('tap');
    expect(pressStart('touch', null, false)).toBe('tap');
    expect(pressStart('mouse', 'title', false)).toBe('drag');
    expect(pressStart('pen', 'title', false)).toBe('drag');
    expect(pressStart('mouse', null, false)).toBe('deselect');
  });

  it('a tap stays within 10 px', () => {
    expect(isTap({ clientX: 0, clientY: 0 }, { clientX: 6, clientY: 8 })).toBe(true);
    expect(isTap({ clientX: 0, clientY: 0 }, { clientX: 0, clientY: 30 })).toBe(false);
  });
});

describe('PosterStage on a touch screen', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    // The stage is 540 px wide: half the 1080 px canvas.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(540);
  });
  afterEach(() => vi.restoreAllMocks());

  function stage(selected: string | null) {
    const onSelect = vi.fn();
    const onDraft = vi.fn();
    const onDragEnd = vi.fn();
    const onStartEdit = vi.fn();
    render(
      <PosterStage
        doc={doc}
        images={{}}
        selected={selected}
        editing={null}
        maxHeight={720}
        onSelect={onSelect}
        onDraft={onDraft}
        onDragEnd={onDragEnd}
        guides={[]}
        onStartEdit={onStartEdit}
        onEndEdit={() => undefined}
        placeholder={() => ''}
      />,
    );
    return { overlay: screen.getByTestId('poster-overlay'), onSelect, onDraft, onDragEnd, onStartEdit };
  }
  const touch = { pointerType: 'touch', pointerId: 1, isPrimary: true };
  const down = (el: HTMLElement, at: { clientX: number; clientY: number }, kind = touch) => fireEvent.pointerDown(el, { ...kind, ...at, button: 0 });
  const move = (el: HTMLElement, at: { clientX: number; clientY: number }, kind = touch) => fireEvent.pointerMove(el, { ...kind, ...at });
  const up = (el: HTMLElement, at: { clientX: number; clientY: number }, kind = touch) => fireEvent.pointerUp(el, { ...kind, ...at });

  it('a swipe over a layer that is not selected moves nothing and selects nothing (the page scrolls)', () => {
    const s = stage(null);
    // Not prevented: the browser is free to scroll.
    expect(down(s.overlay, TITLE)).toBe(true);
    move(s.overlay, { clientX: 270, clientY: 160 });
    up(s.overlay, { clientX: 270, clientY: 200 });
    expect(s.onDraft).not.toHaveBeenCalled();
    expect(s.onSelect).not.toHaveBeenCalled();
  });

  it('a swipe the browser takes over (pointercancel) is no tap', () => {
    const s = stage(null);
    down(s.overlay, TITLE);
    fireEvent.pointerCancel(s.overlay, touch);
    up(s.overlay, TITLE);
    expect(s.onSelect).not.toHaveBeenCalled();
  });

  it('a swipe over another layer while one is selected scrolls too', () => {
    const s = stage('subtitle');
    expect(down(s.overlay, TITLE)).toBe(true);
    move(s.overlay, { clientX: 270, clientY: 160 });
    up(s.overlay, { clientX: 270, clientY: 200 });
    expect(s.onDraft).not.toHaveBeenCalled();
    expect(s.onSelect).not.toHaveBeenCalled();
  });

  it('a tap selects the layer under it', () => {
    const s = stage(null);
    down(s.overlay, TITLE);
    up(s.overlay, { clientX: 272, clientY: 109 });
    expect(s.onSelect).toHaveBeenCalledWith('title');
    expect(s.onDraft).not.toHaveBeenCalled();
  });

  it('a tap outside every layer clears the selection', () => {
    const s = stage('title');
    down(s.overlay, CORNER);
    up(s.overlay, CORNER);
    expect(s.onSelect).toHaveBeenCalledWith(null);
  });

  it('dragging the selected layer moves it (and keeps the page still)', () => {
    const s = stage('title');
    expect(down(s.overlay, TITLE)).toBe(false);
    move(s.overlay, { clientX: 270, clientY: 140 });
    expect(s.onDraft).toHaveBeenCalled();
    const moved = s.onDraft.mock.calls.at(-1)?.[0] as typeof doc;
    expect(moved.template.layers.find((l) => l.id === 'title')?.box.y).toBeGreaterThan(150);
    up(s.overlay, { clientX: 270, clientY: 140 });
    expect(s.onDragEnd).toHaveBeenCalledTimes(1);
  });

  it('a double tap on a text edits it (the first tap selects, the second lands on the selected layer)', () => {
    const onStartEdit = vi.fn();
    function Controlled() {
      const [selected, setSelected] = useState<string | null>(null);
      return (
        <PosterStage
          doc={doc}
          images={{}}
          selected={selected}
          editing={null}
          maxHeight={720}
          onSelect={setSelected}
          onDraft={() => undefined}
          onDragEnd={() => undefined}
          guides={[]}
          onStartEdit={onStartEdit}
          onEndEdit={() => undefined}
          placeholder={() => ''}
        />
      );
    }
    render(<Controlled />);
    const overlay = screen.getByTestId('poster-overlay');
    down(overlay, TITLE);
    up(overlay, TITLE);
    expect(screen.getByTestId('selection')).toHaveAttribute('data-layer', 'title');
    expect(onStartEdit).not.toHaveBeenCalled();
    down(overlay, TITLE);
    expect(onStartEdit).toHaveBeenCalledWith('title');
  });

  it('a mouse still selects and drags whatever it presses', () => {
    const mouse = { pointerType: 'mouse', pointerId: 2, isPrimary: true };
    const s = stage(null);
    expect(down(s.overlay, TITLE, mouse)).toBe(false);
    expect(s.onSelect).toHaveBeenCalledWith('title');
    move(s.overlay, { clientX: 270, clientY: 140 }, mouse);
    expect(s.onDraft).toHaveBeenCalled();
    down(s.overlay, CORNER, mouse);
    expect(s.onSelect).toHaveBeenLastCalledWith(null);
  });
});
