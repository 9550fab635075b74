import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../test/render';
import { CapabilityGate } from './CapabilityGate';

function answer(bizTypes: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { code: 0, msg: 'ok', data: { pool: 'default', bizTypes } })));
}

afterEach(() => vi.unstubAllGlobals());

/** Renders on a page path (the gate names the page's feature). */
function renderAt(ui: ReactElement, path = '/ai-cutout') {
  return renderWithProviders(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

const form = <form data-testid="the-form" />;

describe('CapabilityGate', () => {
  it('shows the form when a worker serves the type', async () => {
    answer({ MATTING_IMAGE: { state: 'available', missingModels: [] } });
    renderAt(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect(await screen.findByTestId('the-form')).toBeTruthy();
  });

  it('tells a merchant the feature is coming soon and what it will do, without operator details', async () => {
    answer({
      TRY_ON: {
        state: 'modelMissing',
        missingModels: [
          {
            id: 'catvton',
            name: 'CatVTON',
            licence: 'CC BY-NC-SA 4.0',
            commercialUse: false,
            install: 'https://huggingface.co/zhengchong/CatVTON',
            reason: null,
          },
        ],
        lackingPools: ['default'],
      },
    });
    renderAt(<CapabilityGate bizType="TRY_ON">{form}</CapabilityGate>, '/tryon');
    const gate = await screen.findByTestId('capability-modelMissing');
    expect(gate.textContent).toContain('「虚拟试穿」即将上线');
    expect(gate.textContent).toContain('上传衣服图片，让模特直接试穿');
    expect(gate.textContent).not.toContain('CatVTON');
    expect(gate.textContent).not.toContain('huggingface');
    expect(screen.queryByTestId('the-form')).toBeNull();
  });

  it('keeps what the merchant filled in when a worker comes online', async () => {
    answer({ MATTING_IMAGE: { state: 'noWorker', missingModels: [] } });
    const { client } = renderAt(
      <CapabilityGate bizType="MATTING_IMAGE">
        <input data-testid="typed" />
      </CapabilityGate>,
    );
    await screen.findByTestId('capability-noWorker');
    fireEvent.change(screen.getByTestId('typed'), { target: { value: '冰丝防晒衣' } });
    answer({ MATTING_IMAGE: { state: 'available', missingModels: [] } });
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(screen.queryByTestId('capability-noWorker')).toBeNull());
    expect(screen.getByTestId('typed')).toHaveValue('冰丝防晒衣');
  });

  it('tells "no worker online" (form kept, the task waits) apart from "model missing"', async () => {
    answer({ MATTING_IMAGE: { state: 'noWorker', missingModels: [] } });
    renderAt(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect((await screen.findByTestId('capability-noWorker')).textContent).toContain('暂无在线的计算节点');
    expect(screen.getByTestId('the-form')).toBeTruthy();
    expect(screen.queryByTestId('capability-modelMissing')).toBeNull();
  });

  it('says the tenant refuses the only (non-commercial) models', async () => {
    answer({ TRY_ON: { state: 'notAllowed', missingModels: [] } });
    renderAt(<CapabilityGate bizType="TRY_ON">{form}</CapabilityGate>, '/tryon');
    expect((await screen.findByTestId('capability-notAllowed')).textContent).toContain('即将上线');
    expect(screen.queryByTestId('the-form')).toBeNull();
  });

  it('keeps the form with a notice while known workers are offline (tasks wait)', async () => {
    answer({ MATTING_IMAGE: { state: 'waiting', missingModels: [] } });
    renderAt(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect(await screen.findByTestId('capability-waiting')).toBeTruthy();
    expect(screen.getByTestId('the-form')).toBeTruthy();
  });

  it('shows the form when the capabilities cannot be had (the API gates the submit)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { code: 1, msg: 'x', data: null })));
    renderAt(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect(await screen.findByTestId('the-form')).toBeTruthy();
  });
});
