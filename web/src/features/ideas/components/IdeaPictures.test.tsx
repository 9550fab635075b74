import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { IdeaPictures } from './IdeaPictures';

describe('IdeaPictures', () => {
  it('shows each picture once made, a wait while it is made, and a failure', () => {
    renderWithProviders(
      <IdeaPictures
        pictures={[
          { idea: 0, kind: 'scene', taskId: 't1', status: 'SUCCESS', url: '/api/files/results/t1/0.png' },
          { idea: 0, kind: 'design', taskId: 't2', status: 'RUNNING', url: null },
          { idea: 1, kind: 'scene', taskId: 't3', status: 'FAILED', url: null },
        ]}
      />,
    );
    const items = screen.getAllByTestId('idea-picture');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['scene', 'design', 'scene']);
    expect(items[1]).toHaveTextContent('配图生成中');
    expect(items[2]).toHaveTextContent('配图生成失败');
    expect(items[0]).toHaveTextContent('场景图');
  });

  it('shows nothing without pictures', () => {
    renderWithProviders(<IdeaPictures pictures={[]} />);
    expect(screen.queryByTestId('idea-pictures')).toBeNull();
  });
});
