import { describe, expect, it, vi } from 'vitest';
import { parseLiveMessage, type AnyLiveMessage } from '@wms/contract';
import { adjustCounter, handleLiveMessage, mergeCounters, type LiveEffects } from './live-handlers.js';

function effects(hidden = false) {
  const fake = {
    tabHidden: () => hidden,
    uniqueSession: 'tab-1',
    notify: vi.fn(),
    reload: vi.fn(),
    mergeCounters: vi.fn(),
    setCounter: vi.fn(),
    adjustCounter: vi.fn(),
    openDialog: vi.fn(),
    transferLogin: vi.fn(),
  } satisfies LiveEffects;
  return fake;
}

const message = (what: string, payload: unknown) => {
  const parsed = parseLiveMessage(JSON.stringify({ what, payload }));
  if (!parsed) throw new Error(`invalid ${what}`);
  return parsed;
};

describe('live message handling', () => {
  it('shows ERROR, WARNING, INFO and SUCCESS as notifications; INFO and SUCCESS with a sound', () => {
    const fx = effects();
    handleLiveMessage(message('ERROR', { key: 'notFound', args: { id: 1 } }), fx);
    handleLiveMessage(message('WARNING', { key: 'platform:w' }), fx);
    handleLiveMessage(message('INFO', { key: 'i' }), fx);
    handleLiveMessage(message('SUCCESS', { key: 's' }), fx);
    // A catalogue key and a namespaced key as sent; another bare key is looked up in common.
    expect(fx.notify.mock.calls).toEqual([
      ['danger', 'notFound', { id: 1 }, false],
      ['warning', 'platform:w', {}, false],
      ['info', 'common:i', {}, true],
      ['success', 'common:s', {}, true],
    ]);
  });

  it('reloads, opens alerts, broadcasts and PDF previews', () => {
    const fx = effects();
    handleLiveMessage(message('RELOAD', {}), fx);
    expect(fx.reload).toHaveBeenCalledOnce();
    handleLiveMessage(message('ALERT', { key: 'k', title: 'T' }), fx);
    const broadcast = { id: 3, message: 'Hello', createdAt: '2024-01-01T00:00:00Z', from: 'admin' };
    handleLiveMessage(message('BROADCAST', broadcast), fx);
    handleLiveMessage(message('PREVIEW_PDF', { url: '/x.pdf' }), fx);
    expect(fx.openDialog.mock.calls.map(([dialog]) => dialog)).toEqual([
      { kind: 'alert', title: 'T', key: 'k', args: {} },
      { kind: 'broadcast', broadcast },
      { kind: 'pdf', url: '/x.pdf' },
    ]);
  });

  it('keeps the counters', () => {
    const fx = effects();
    handleLiveMessage(message('NOTIFICATION_COUNTERS', { counters: { '/alerting': 2 } }), fx);
    handleLiveMessage(message('ALERT_NOTIFICATIONS_COUNTER', { count: 4 }), fx);
    handleLiveMessage(message('USER_TASKS_COUNTER', { count: 7 }), fx);
    handleLiveMessage(message('NEW_USER_TASK', { taskId: 1, title: 'Sweep' }), fx);
    handleLiveMessage(message('USER_TASKS_CLAIMED_BY', { taskId: 1, by: 'operator' }), fx);
    expect(fx.mergeCounters).toHaveBeenCalledWith({ '/alerting': 2 });
    expect(fx.setCounter.mock.calls).toEqual([
      ['/alerting', 4],
      ['/my_user_tasks', 7],
    ]);
    expect(fx.adjustCounter.mock.calls).toEqual([
      ['/my_user_tasks', 1],
      ['/my_user_tasks', -1],
    ]);
    expect(fx.notify).toHaveBeenCalledWith('info', 'platform:userTaskClaimedBy', { by: 'operator' }, true);
    expect(mergeCounters({ '/alerting': 1, '/wall_to_wall': 2 }, { '/alerting': 5 })).toEqual({
      '/alerting': 5,
      '/wall_to_wall': 2,
    });
    expect(adjustCounter({ '/my_user_tasks': 0 }, '/my_user_tasks', -1)).toEqual({ '/my_user_tasks': 0 });
  });

  it('ignores TRANSFER_LOGIN and PRINT_JOB while the tab is hidden', () => {
    const hidden = effects(true);
    const transfer = message('TRANSFER_LOGIN', { token: 't', path: '/dashboard' });
    const print = message('PRINT_JOB', { mediaType: 'raw/zpl', payload: '^XA' });
    expect(handleLiveMessage(transfer, hidden)).toBe(false);
    expect(handleLiveMessage(print, hidden)).toBe(false);
    expect(hidden.transferLogin).not.toHaveBeenCalled();
    const visible = effects(false);
    expect(handleLiveMessage(transfer, visible)).toBe(true);
    expect(visible.transferLogin).toHaveBeenCalledWith('t');
    expect(handleLiveMessage(message('INFO', { key: 'i' }), hidden)).toBe(true);
  });

  it('asks about a session takeover only for this tab or any tab', () => {
    const fx = effects();
    const takeover = (uniqueSession: string | null): AnyLiveMessage =>
      message('REQUEST_SESSION_TAKEOVER', { deviceName: 'scanner-1', uniqueSession });
    handleLiveMessage(takeover('other-tab'), fx);
    expect(fx.openDialog).not.toHaveBeenCalled();
    handleLiveMessage(takeover('tab-1'), fx);
    handleLiveMessage(takeover(null), fx);
    expect(fx.openDialog).toHaveBeenCalledTimes(2);
    expect(fx.openDialog).toHaveBeenCalledWith({ kind: 'takeover', deviceName: 'scanner-1', listener: null });
    handleLiveMessage(
      message('REQUEST_SESSION_TAKEOVER', { deviceName: 'd', uniqueSession: null, listener: 'ref' }),
      fx,
    );
    expect(fx.openDialog).toHaveBeenLastCalledWith({ kind: 'takeover', deviceName: 'd', listener: 'ref' });
  });

  it('says the server restarts', () => {
    const fx = effects();
    handleLiveMessage(message('SERVER_RESTARTING', {}), fx);
    expect(fx.notify).toHaveBeenCalledWith('info', 'platform:serverRestarting', {}, false);
  });
});
