import { describe, expect, it } from 'vitest';
import { clampRepeatWindow, defaultRepeatWindowMs } from './read-filter.js';
import { WorkflowRunner } from './runner.js';
import { makeEnv } from './testing/fakes.js';
import { finish, stay, type Step, type WorkflowEffects } from './types.js';

/** Issue 14 points 21 and 22: scans that come faster than the workflow answers. */
interface State {
  seen: string[];
  moves: number;
}

const initial = (): State => ({ seen: [], moves: 0 });

/** Notes each text; 'bad' is refused. */
function note(id: string, next: string, options: { repeatScans?: boolean } = {}): Step<State> {
  return {
    id,
    prompt: () => ({ key: `test:${id}` }),
    ...(options.repeatScans ? { repeatScans: true } : {}),
    async input(state, text) {
      if (text === 'bad')
        return { state, next: stay, notices: [{ variant: 'danger', key: 'test:bad' }], sounds: ['error'] };
      return { state: { ...state, seen: [...state.seen, `${id}:${text}`] }, next };
    },
  };
}

/** A commit that takes a while (a gate the test opens) and finishes with one success notice. */
function slowCommit(gate: { wait: Promise<void> }): Step<State> {
  return {
    id: 'commit',
    prompt: () => ({ key: 'test:commit' }),
    async enter(state) {
      await gate.wait;
      const moves = state.moves + 1;
      return { state: { ...state, moves }, next: finish, notices: [{ variant: 'success', key: 'test:moved' }] };
    },
    input: async (state) => ({ state, next: finish, notices: [{ variant: 'success', key: 'test:moved' }] }),
  };
}

function opened() {
  let open: () => void = () => undefined;
  const gate = { wait: new Promise<void>((resolve) => (open = resolve)) };
  return { gate, open: () => open() };
}

function collect<S>(runner: WorkflowRunner<S>) {
  const effects: WorkflowEffects<S>[] = [];
  runner.subscribeEffects((effect) => effects.push(effect));
  return effects;
}

describe('WorkflowRunner under fast scanning', () => {
  it('applies what comes after a finish before any scan that arrived while the last step ran', async () => {
    const { gate, open } = opened();
    const env = makeEnv();
    const runner = new WorkflowRunner<State>(
      [note('item', 'target'), note('target', 'commit'), slowCommit(gate)],
      initial,
      env,
      'item',
      {
        restartOnInput: false,
        continueAfterFinish: (state) => ({ state: { seen: [], moves: state.moves } }),
      },
    );
    const effects = collect(runner);
    const scans = ['A', 'T', 'B', 'T2', 'C', 'T3'].map((text) => {
      env.clock.at += 50;
      return runner.input(text);
    });
    open();
    await Promise.all(scans);
    await runner.idle();
    // Three rounds, three commits, three success notices: no scan handled by the finished commit.
    expect(runner.state.moves).toBe(3);
    expect(effects.flatMap((effect) => effect.notices).filter((notice) => notice.key === 'test:moved')).toHaveLength(3);
    expect(runner.stepId).toBe('item');
    expect(runner.snapshot.finished).toBe(false);
  });

  it('at a step that counts repeats, the same scan again counts unless it comes within the short window', async () => {
    const env = makeEnv();
    const runner = new WorkflowRunner<State>([note('count', 'count', { repeatScans: true })], initial, env, 'count');
    const effects = collect(runner);
    for (const gap of [0, 250, 250, 250, 250]) {
      env.clock.at += gap;
      await runner.input('ITEM');
    }
    expect(runner.state.seen).toHaveLength(5);
    env.clock.at += defaultRepeatWindowMs - 1;
    await runner.input('ITEM');
    expect(runner.state.seen).toHaveLength(5);
    expect(runner.snapshot.ignored).toEqual({ code: 'ITEM', reason: 'doubleRead', count: 1 });
    expect(effects.at(-1)).toMatchObject({ notices: [], sounds: ['ignored'] });
    env.clock.at += 200;
    await runner.input('ITEM');
    expect(runner.state.seen).toHaveLength(6);
    expect(runner.snapshot.ignored).toBeNull();
  });

  it('takes the repeat window from the device setting; elsewhere the 1 s rule holds, with a hint', async () => {
    const env = { ...makeEnv(), repeatWindowMs: 300 };
    const runner = new WorkflowRunner<State>(
      [note('first', 'count'), note('count', 'count', { repeatScans: true })],
      initial,
      env,
      'first',
    );
    await runner.input('X');
    env.clock.at += 500;
    // The first read moved on to the counting step: 500 ms later is past its 300 ms window.
    await runner.input('X');
    env.clock.at += 200;
    await runner.input('X');
    expect(runner.state.seen).toEqual(['first:X', 'count:X']);
    expect(runner.snapshot.ignored?.reason).toBe('doubleRead');

    const plain = new WorkflowRunner<State>([note('first', 'first')], initial, makeEnv(), 'first');
    await plain.input('X');
    await plain.input('X');
    expect(plain.state.seen).toEqual(['first:X']);
    expect(plain.snapshot.ignored).toEqual({ code: 'X', reason: 'doubleRead', count: 1 });
  });

  it('does not use scans that waited behind a refused one, and names each', async () => {
    let release: () => void = () => undefined;
    const slow: Step<State> = {
      ...note('item', 'quantity'),
      async input(state, text) {
        await new Promise<void>((resolve) => (release = resolve));
        return note('item', 'quantity').input(state, text, makeEnv());
      },
    };
    const env = makeEnv();
    const runner = new WorkflowRunner<State>([slow, note('quantity', 'item')], initial, env, 'item');
    const effects = collect(runner);
    const first = runner.input('bad');
    env.clock.at += 50;
    const second = runner.input('5');
    env.clock.at += 50;
    const third = runner.input('T');
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await Promise.all([first, second, third]);
    expect(runner.state.seen).toEqual([]);
    expect(runner.stepId).toBe('item');
    expect(effects.flatMap((effect) => effect.notices)).toEqual([
      { variant: 'danger', key: 'test:bad' },
      { variant: 'info', key: 'handheld:scanNotUsed', args: { code: '5' } },
      { variant: 'info', key: 'handheld:scanNotUsed', args: { code: 'T' } },
    ]);
    expect(runner.snapshot.ignored).toMatchObject({ code: 'T', reason: 'typedAhead' });
    // A scan after the refusal was answered is used again.
    env.clock.at += 50;
    const next = runner.input('ITEM');
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await next;
    expect(runner.state.seen).toEqual(['item:ITEM']);
  });

  it('keeps a repeat window within 0..1000 ms', () => {
    expect(clampRepeatWindow(50)).toBe(50);
    expect(clampRepeatWindow(-1)).toBe(0);
    expect(clampRepeatWindow(4000)).toBe(1000);
    expect(clampRepeatWindow('x')).toBe(defaultRepeatWindowMs);
  });

  it("uses a scan made after a refusal's new prompt appeared, and drops the ones that waited before it", async () => {
    const env = makeEnv();
    const asks: Step<State> = {
      id: 'ask',
      prompt: (state) => ({ key: state.seen.includes('warned') ? 'test:again' : 'test:ask' }),
      async input(state, text) {
        if (text === 'warn')
          return {
            state: { ...state, seen: [...state.seen, 'warned'] },
            next: stay,
            notices: [{ variant: 'warning', key: 'test:warn' }],
          };
        return { state: { ...state, seen: [...state.seen, text] }, next: stay };
      },
    };
    const runner = new WorkflowRunner<State>([asks], initial, env, 'ask');
    let answered = false;
    runner.subscribe((snapshot) => {
      // The operator reads the new prompt and scans at once, while the refused turn still ends.
      if (snapshot.prompt?.key === 'test:again' && !answered) {
        answered = true;
        env.clock.at += 2000;
        void runner.input('after-prompt');
      }
    });
    env.clock.at += 2000;
    const warned = runner.input('warn');
    env.clock.at += 50;
    const waiting = runner.input('typed-ahead');
    await Promise.all([warned, waiting]);
    await runner.idle();
    expect(runner.state.seen).toEqual(['warned', 'after-prompt']);
  });
});
