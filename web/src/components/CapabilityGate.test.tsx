import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../test/render';
import { CapabilityGate } from './CapabilityGate';

function answer(bizTypes: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { code: 0, msg: 'ok', data: { pool: 'default', bizTypes } })));
}

afterEach(() => vi.unstubAllGlobals());

const form = <form data-testid="the-form" />;

describe('CapabilityGate', () => {
  it('shows the form when a worker serves the type', async () => {
    answer({ MATTING_IMAGE: { state: 'available', missingModels: [] } });
    renderWithProviders(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect(await screen.findByTestId('the-form')).toBeTruthy();
  });

  it('names the missing model, its licence and how to install it instead of the form', async () => {
    answer({
      TRY_ON: {
        state: 'modelMissing',
        missingModels: [
          {
            id: 'catvton',
            name: 'CatVTON',
            licence: 'CC BY-NC-SA 4.0',
            commercialUse: false,
            install: 'scripts/fetch-models catvton',
            reason: null,
          },
        ],
        lackingPools: ['default'],
      },
    });
    renderWithProviders(<CapabilityGate bizType="TRY_ON">{form}</CapabilityGate>);
    const gate = await screen.findByTestId('capability-modelMissing');
    expect(gate.textContent).toContain('CatVTON');
    expect(gate.textContent).toContain('CC BY-NC-SA 4.0');
    expect(gate.textContent).toContain('scripts/fetch-models catvton');
    expect(screen.getByTestId('capability-lacking-pools').textContent).toContain('default');
    expect(screen.queryByTestId('the-form')).toBeNull();
  });

  it('tells "no worker online" (form kept, the task waits) apart from "model missing"', async () => {
    answer({ MATTING_IMAGE: { state: 'noWorker', missingModels: [] } });
    renderWithProviders(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect((await screen.findByTestId('capability-noWorker')).textContent).toContain('暂无在线的计算节点');
    expect(screen.getByTestId('the-form')).toBeTruthy();
    expect(screen.queryByTestId('capability-modelMissing')).toBeNull();
  });

  it('says the tenant refuses the only (non-commercial) models', async () => {
    answer({ TRY_ON: { state: 'notAllowed', missingModels: [] } });
    renderWithProviders(<CapabilityGate bizType="TRY_ON">{form}</CapabilityGate>);
    expect(await screen.findByTestId('capability-notAllowed')).toBeTruthy();
    expect(screen.queryByTestId('the-form')).toBeNull();
  });

  it('keeps the form with a notice while known workers are offline (tasks wait)', async () => {
    answer({ MATTING_IMAGE: { state: 'waiting', missingModels: [] } });
    renderWithProviders(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect(await screen.findByTestId('capability-waiting')).toBeTruthy();
    expect(screen.getByTestId('the-form')).toBeTruthy();
  });

  it('shows the form when the capabilities cannot be had (the API gates the submit)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { code: 1, msg: 'x', data: null })));
    renderWithProviders(<CapabilityGate bizType="MATTING_IMAGE">{form}</CapabilityGate>);
    expect(await screen.findByTestId('the-form')).toBeTruthy();
  });
});
