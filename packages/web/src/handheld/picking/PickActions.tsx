import { shortReasons } from '@wms/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../HandheldScreen.js';
import type { PickDraft } from './pick-state.js';
import { confirmingSteps, lineSteps } from './pick-workflow.js';

export interface PickActionsProps {
  stepId: string;
  state: PickDraft;
  busy: boolean;
  /** Feeds the workflow as a scan would ('' confirms). */
  input: (text: string) => void;
  goTo: (stepId: string) => void;
  /** Absent: no finish or leave entry in the menu (pick and collect has its own, in menuItems). */
  onFinish?: () => void;
  onLeave?: () => void;
  /** An app's own menu entries; `choose` wraps an action so the menu closes first. */
  menuItems?: (choose: (action: () => void) => () => void) => ReactNode;
}

/**
 * The buttons beside Back and Cancel: the answer of the current question (OK, keep the container,
 * yes or no, a short reason, retry) and the exceptions menu (skip, short, finish, back to the list).
 */
export function PickActions({ stepId, state, busy, input, goTo, onFinish, onLeave, menuItems }: PickActionsProps) {
  const { t } = useTranslation('stockPicking');
  const [menu, setMenu] = useState(false);
  const choose = (action: () => void) => () => {
    setMenu(false);
    action();
  };
  if (busy) return null;
  return (
    <>
      {confirmingSteps.has(stepId) ? (
        <ActionButton label={t('actions.ok')} testId="pick-ok" onClick={() => input('')} />
      ) : null}
      {stepId === 'container' && state.container ? (
        <ActionButton
          label={t('actions.keepContainer', { container: state.container })}
          testId="pick-keep-container"
          onClick={() => input('')}
        />
      ) : null}
      {stepId === 'commit' && state.failed ? (
        <ActionButton label={t('actions.retry')} testId="pick-retry" onClick={() => input('')} />
      ) : null}
      {stepId === 'zeroCheck' ? (
        <>
          <ActionButton label={t('actions.yes')} testId="zero-check-yes" onClick={() => input('YES')} />
          <ActionButton label={t('actions.no')} testId="zero-check-no" onClick={() => input('NO')} />
        </>
      ) : null}
      {stepId === 'shortReason'
        ? shortReasons.map((reason) => (
            <ActionButton
              key={reason}
              label={t(`reason.${reason}`)}
              testId={`short-${reason}`}
              onClick={() => input(reason)}
            />
          ))
        : null}
      <ActionButton
        label={t(menu ? 'actions.lessMenu' : 'actions.menu')}
        testId="pick-menu"
        onClick={() => setMenu(!menu)}
      />
      {menu ? (
        <div className="d-flex flex-wrap gap-2 w-100" data-testid="pick-menu-items">
          {lineSteps.has(stepId) ? (
            <>
              <ActionButton label={t('actions.skip')} testId="pick-skip" onClick={choose(() => goTo('skip'))} />
              <ActionButton
                label={t('actions.short')}
                testId="pick-short"
                onClick={choose(() => goTo('shortReason'))}
              />
            </>
          ) : null}
          {onFinish ? (
            <ActionButton label={t('actions.finish')} testId="pick-finish-now" onClick={choose(onFinish)} />
          ) : null}
          {onLeave ? <ActionButton label={t('actions.list')} testId="pick-leave" onClick={choose(onLeave)} /> : null}
          {menuItems?.(choose)}
        </div>
      ) : null}
    </>
  );
}
