import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../platform/notifications.js';
import { playBeep, playErrorSound, playSerialSound, playSuccessSound } from '../platform/sounds.js';
import { locationStep } from './engine/steps/location.js';
import { speechStep } from './engine/steps/speech.js';
import { finishStep } from './engine/steps/finish.js';
import { FakeServices, makeLocation, testSettings } from './engine/testing/fakes.js';
import { stay, type Step } from './engine/types.js';
import { useWorkflow, type WorkflowControls } from './useWorkflow.js';

vi.mock('../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../platform/sounds.js', () => ({
  playErrorSound: vi.fn(),
  playSuccessSound: vi.fn(),
  playSerialSound: vi.fn(),
  playBeep: vi.fn(),
}));

interface State {
  code: string | null;
}

const beepStep: Step<State> = {
  id: 'beep',
  prompt: () => ({ key: 'handheld:prompt.scan' }),
  input: async (state) => ({ state, next: stay, sounds: ['beep', 'error'] }),
};

const steps: Step<State>[] = [
  locationStep<State>({ id: 'from', next: 'say', set: (_state, location) => ({ code: location.code }) }),
  speechStep<State>({
    id: 'say',
    next: 'done',
    text: (state) => ({ key: 'handheld:prompt.batch', args: { item: state.code } }),
  }),
  finishStep<State>({ id: 'done', notices: () => [{ variant: 'success', key: 'handheld:prompt.done' }] }),
  beepStep,
];

let controls: WorkflowControls<State> | null = null;

function Harness(props: { speak: (text: string) => void; onFinish: (state: State) => void; start?: string }) {
  const services = new FakeServices();
  services.locations = [makeLocation({ code: 'A-01' })];
  controls = useWorkflow<State>({
    steps,
    initial: { code: null },
    start: props.start ?? 'from',
    services,
    settings: testSettings(),
    speak: props.speak,
    speakPrompts: true,
    onFinish: props.onFinish,
  });
  return (
    <div>
      <span data-testid="step">{controls.stepId}</span>
      <span data-testid="prompt">{controls.promptText}</span>
    </div>
  );
}

beforeEach(() => {
  vi.mocked(notify).mockClear();
  for (const sound of [playErrorSound, playSuccessSound, playSerialSound, playBeep]) vi.mocked(sound).mockClear();
});

describe('useWorkflow', () => {
  it('shows the translated prompt, speaks it, and carries out notices, speech and finish', async () => {
    const speak = vi.fn();
    const onFinish = vi.fn();
    render(<Harness speak={speak} onFinish={onFinish} />);
    expect(screen.getByTestId('prompt').textContent).toBe('Scan a location');
    await act(async () => {
      await controls!.runner.idle();
    });
    expect(speak).toHaveBeenCalledWith('Scan a location');

    await act(async () => {
      await controls!.input('NOPE');
    });
    expect(notify).toHaveBeenCalledWith('danger', 'unknownLocation', { code: 'NOPE' });
    expect(playErrorSound).not.toHaveBeenCalled();

    await act(async () => {
      await controls!.input('A-01');
    });
    expect(speak).toHaveBeenCalledWith('Scan the batch of A-01');
    expect(notify).toHaveBeenCalledWith('success', 'handheld:prompt.done', {});
    expect(onFinish).toHaveBeenCalledWith({ code: 'A-01' });
    expect(screen.getByTestId('step').textContent).toBe('done');
  });

  it('plays the sounds of an outcome: the error sound without a danger notice, and the beep', async () => {
    render(<Harness speak={vi.fn()} onFinish={vi.fn()} start="beep" />);
    await act(async () => {
      await controls!.input('x');
    });
    expect(playBeep).toHaveBeenCalledTimes(1);
    expect(playSuccessSound).not.toHaveBeenCalled();
    expect(playErrorSound).toHaveBeenCalledTimes(1);
  });
});
