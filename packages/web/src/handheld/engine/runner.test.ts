import { describe, expect, it } from 'vitest';
import { WorkflowRunner, duplicateReadWindowMs } from './runner.js';
import { makeEnv } from './testing/fakes.js';
import { finish, stay, type Step, type WorkflowEffects } from './types.js';

interface State {
  a: string | null;
  b: string | null;
  run: number;
}

const initial = (): State => ({ a: null, b: null, run: 0 });

function collect(id: keyof Pick<State, 'a' | 'b'>, next: string): Step<State> {
  return {
    id,
    prompt: (state) => ({ key: `test:${id}`, args: { value: state[id] } }),
    async input(state, text) {
      if (text === 'bad')
        return { state, next: stay, notices: [{ variant: 'danger', key: 'test:bad' }], sounds: ['error'] };
      return { state: { ...state, [id]: text }, next };
    },
  };
}

const done: Step<State> = {
  id: 'done',
  prompt: () => ({ key: 'test:done' }),
  enter: async (state) => ({
    state,
    next: finish,
    notices: [{ variant: 'success', key: 'test:ok' }],
    sounds: ['success'],
  }),
  input: async (state) => ({ state, next: stay }),
};

function setup(steps: Step<State>[] = [collect('a', 'b'), collect('b', 'done'), done]) {
  const env = makeEnv();
  const runner = new WorkflowRunner<State>(steps, initial, env, 'a');
  const effects: WorkflowEffects<State>[] = [];
  runner.subscribeEffects((effect) => effects.push(effect));
  const tick = (ms = duplicateReadWindowMs) => {
    env.clock.at += ms;
  };
  return { env, runner, effects, tick };
}

describe('WorkflowRunner', () => {
  it('starts at the start step with its prompt', async () => {
    const { runner } = setup();
    await runner.idle();
    expect(runner.stepId).toBe('a');
    expect(runner.snapshot.prompt).toEqual({ key: 'test:a', args: { value: null } });
    expect(runner.snapshot.busy).toBe(false);
    expect(runner.snapshot.canGoBack).toBe(false);
  });

  it('moves through the steps on input and finishes with the finish step’s effects', async () => {
    const { runner, effects, tick } = setup();
    await runner.input(' X1 ');
    tick();
    await runner.input('Y1');
    expect(runner.state).toEqual({ a: 'X1', b: 'Y1', run: 0 });
    expect(runner.stepId).toBe('done');
    expect(runner.snapshot.finished).toBe(true);
    expect(effects.at(-1)).toMatchObject({
      notices: [{ variant: 'success', key: 'test:ok' }],
      sounds: ['success'],
      finished: true,
      state: { a: 'X1', b: 'Y1' },
    });
  });

  it('ignores the same text again within 1 s, accepts it after 1 s and accepts other text at once', async () => {
    let count = 0;
    const counter: Step<State> = {
      id: 'a',
      prompt: () => ({ key: 'test:a' }),
      input: async (state) => {
        count += 1;
        return { state, next: stay };
      },
    };
    const { runner, tick } = setup([counter]);
    await runner.input('SCAN');
    tick(999);
    await runner.input('SCAN');
    expect(count).toBe(1);
    await runner.input('OTHER');
    expect(count).toBe(2);
    await runner.input('SCAN');
    expect(count).toBe(3);
    tick(duplicateReadWindowMs);
    await runner.input('SCAN');
    expect(count).toBe(4);
  });

  it('measures the 1 s from the last accepted read, not from the ignored ones', async () => {
    let count = 0;
    const counter: Step<State> = {
      id: 'a',
      prompt: () => ({ key: 'test:a' }),
      input: async (state) => {
        count += 1;
        return { state, next: stay };
      },
    };
    const { runner, tick } = setup([counter]);
    await runner.input('SCAN');
    tick(600);
    await runner.input('SCAN');
    tick(600);
    await runner.input('SCAN');
    expect(count).toBe(2);
  });

  it('a refused input keeps the step and the state, and reports the notice and sound', async () => {
    const { runner, effects } = setup();
    await runner.input('bad');
    expect(runner.stepId).toBe('a');
    expect(runner.state).toEqual(initial());
    expect(runner.snapshot.notices).toEqual([{ variant: 'danger', key: 'test:bad' }]);
    expect(effects).toEqual([
      {
        notices: [{ variant: 'danger', key: 'test:bad' }],
        sounds: ['error'],
        speak: [],
        finished: false,
        state: initial(),
      },
    ]);
  });

  it('back returns to the previous step with the state it had there', async () => {
    const { runner } = setup();
    await runner.input('X1');
    expect(runner.stepId).toBe('b');
    expect(runner.snapshot.canGoBack).toBe(true);
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('a');
    expect(runner.state.a).toBeNull();
    expect(runner.snapshot.canGoBack).toBe(false);
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('a');
  });

  it('reset starts over with a fresh initial state; goTo jumps; update changes the state', async () => {
    const { runner } = setup();
    await runner.input('X1');
    runner.update((state) => ({ ...state, run: 5 }));
    await runner.idle();
    expect(runner.state.run).toBe(5);
    runner.goTo('a');
    await runner.idle();
    expect(runner.stepId).toBe('a');
    expect(runner.state).toMatchObject({ a: 'X1', run: 5 });
    runner.reset();
    await runner.idle();
    expect(runner.stepId).toBe('a');
    expect(runner.state).toEqual(initial());
    runner.reset({ a: 'Z', b: null, run: 9 });
    await runner.idle();
    expect(runner.state.a).toBe('Z');
  });

  it('after finishing, the next input starts over from a fresh initial state', async () => {
    let starts = 0;
    const env = makeEnv();
    const runner = new WorkflowRunner<State>(
      [collect('a', 'done'), done],
      () => {
        starts += 1;
        return { a: null, b: null, run: starts };
      },
      env,
      'a',
    );
    await runner.input('X1');
    expect(runner.snapshot.finished).toBe(true);
    env.clock.at += 5000;
    await runner.input('X2');
    expect(runner.state).toEqual({ a: 'X2', b: null, run: 2 });
    expect(runner.snapshot.finished).toBe(true);
  });

  it('without restartOnInput a finished workflow stays finished at its step until reset', async () => {
    const env = makeEnv();
    const runner = new WorkflowRunner<State>([collect('a', 'finish')], initial, env, 'a', { restartOnInput: false });
    await runner.input('X1');
    expect(runner.snapshot.finished).toBe(true);
    env.clock.at += 5000;
    await runner.input('X2');
    expect(runner.state.a).toBe('X2');
  });

  it('runs enter() of each entered step, following automatic transitions; back skips steps passed through', async () => {
    const skip: Step<State> = {
      id: 'skip',
      prompt: () => ({ key: 'test:skip' }),
      enter: async (state) => ({ state: { ...state, run: state.run + 1 }, next: 'b', speak: { key: 'test:said' } }),
      input: async (state) => ({ state, next: stay }),
    };
    const { runner, effects } = setup([collect('a', 'skip'), skip, collect('b', 'done'), done]);
    await runner.input('X1');
    expect(runner.stepId).toBe('b');
    expect(runner.state.run).toBe(1);
    expect(effects[0]!.speak).toEqual([{ key: 'test:said' }]);
    runner.back();
    await runner.idle();
    expect(runner.stepId).toBe('a');
    expect(runner.state.a).toBeNull();
  });

  it('a step that throws shows the failure as a danger notice and changes nothing', async () => {
    const failing: Step<State> = {
      id: 'a',
      prompt: () => ({ key: 'test:a' }),
      input: async (_state, text) => {
        if (text === 'keyed') throw Object.assign(new Error('x'), { key: 'unknownLocation', args: { code: 'L1' } });
        throw new Error('boom');
      },
    };
    const { runner, effects, tick } = setup([failing]);
    await runner.input('keyed');
    tick();
    await runner.input('plain');
    expect(effects.map((effect) => effect.notices[0])).toEqual([
      { variant: 'danger', key: 'unknownLocation', args: { code: 'L1' } },
      { variant: 'danger', key: 'handheld:stepFailed', args: { message: 'boom' } },
    ]);
    expect(effects.every((effect) => effect.sounds.includes('error'))).toBe(true);
    expect(runner.state).toEqual(initial());
  });

  it('queues inputs: a scan while a lookup runs waits its turn', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: Step<State> = {
      id: 'a',
      prompt: () => ({ key: 'test:a' }),
      input: async (state, text) => {
        await gate;
        return { state: { ...state, a: text }, next: 'b' };
      },
    };
    const { runner } = setup([slow, collect('b', 'done'), done]);
    const first = runner.input('X1');
    const second = runner.input('Y1');
    expect(runner.snapshot.busy).toBe(true);
    release();
    await Promise.all([first, second]);
    expect(runner.state).toMatchObject({ a: 'X1', b: 'Y1' });
    expect(runner.snapshot.busy).toBe(false);
  });

  it('stops an endless loop of automatic transitions with a notice', async () => {
    const loop = (id: string, next: string): Step<State> => ({
      id,
      prompt: () => ({ key: id }),
      enter: async (state) => ({ state, next }),
      input: async (state) => ({ state, next: stay }),
    });
    const { runner, effects } = setup([collect('a', 'x'), loop('x', 'y'), loop('y', 'x')]);
    await runner.input('go');
    expect(effects.at(-1)!.notices[0]).toMatchObject({ variant: 'danger', key: 'handheld:stepFailed' });
  });

  it('refuses duplicate step ids and tells listeners about every change', async () => {
    expect(() => new WorkflowRunner<State>([collect('a', 'b'), collect('a', 'b')], initial, makeEnv(), 'a')).toThrow(
      /duplicate/,
    );
    const { runner } = setup();
    const seen: number[] = [];
    const unsubscribe = runner.subscribe((snapshot) => seen.push(snapshot.revision));
    await runner.input('X1');
    unsubscribe();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(runner.getSnapshot()).toBe(runner.snapshot);
  });
});
