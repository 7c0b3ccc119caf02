import type { BinLocation, LocationContentRow } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { FakeServices, contentRow, makeEnv, makeLocation } from '../testing/fakes.js';
import { locationStep } from './location.js';

interface State {
  location: BinLocation | null;
  contents: LocationContentRow[] | null;
}

function setup(loadContents: boolean) {
  const services = new FakeServices();
  services.locations = [makeLocation({ code: 'A-01', barcode: 'LOC0001' }), makeLocation({ code: 'B-01' })];
  services.contents.set('A-01', [contentRow('SCREW', 5)]);
  const env = makeEnv(services);
  const step = locationStep<State>({
    id: 'from',
    next: 'item',
    loadContents,
    set: (state, location, contents) => ({ ...state, location, contents }),
    check: (_state, location) =>
      location.code === 'B-01'
        ? { variant: 'danger', key: 'stockTransfer:sameLocation', args: { code: 'B-01' } }
        : null,
  });
  const state: State = { location: null, contents: null };
  return { services, env, step, state };
}

describe('location step', () => {
  it('finds a location by code or barcode without regard to case and loads its contents when asked', async () => {
    const { step, state, env, services } = setup(true);
    const outcome = await step.input(state, 'loc0001', env);
    expect(outcome.next).toBe('item');
    expect(outcome.state.location?.code).toBe('A-01');
    expect(outcome.state.contents).toEqual([contentRow('SCREW', 5)]);
    expect(services.calls).toEqual(['findLocation:loc0001', 'locationContents:A-01']);
  });

  it('without loadContents it stores null contents and does not ask for them', async () => {
    const { step, state, env, services } = setup(false);
    const outcome = await step.input(state, 'a-01', env);
    expect(outcome.state).toEqual({ location: expect.objectContaining({ code: 'A-01' }), contents: null });
    expect(services.calls).toEqual(['findLocation:a-01']);
  });

  it('an unknown location is unknownLocation {code} (errors namespace) and changes nothing', async () => {
    const { step, state, env } = setup(true);
    expect(await step.input(state, 'NOPE', env)).toEqual({
      state,
      next: 'stay',
      notices: [{ variant: 'danger', key: 'unknownLocation', args: { code: 'NOPE' } }],
      sounds: ['error'],
    });
  });

  it('the app’s check refuses a location with its notice', async () => {
    const { step, state, env } = setup(true);
    expect(await step.input(state, 'B-01', env)).toEqual({
      state,
      next: 'stay',
      notices: [{ variant: 'danger', key: 'stockTransfer:sameLocation', args: { code: 'B-01' } }],
      sounds: ['error'],
    });
  });

  it('an empty Enter waits quietly; the default prompt asks for a location', async () => {
    const { step, state, env } = setup(true);
    expect(await step.input(state, '', env)).toEqual({ state, next: 'stay' });
    expect(step.prompt(state)).toEqual({ key: 'handheld:prompt.location' });
  });
});
