import { useTranslation } from 'react-i18next';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { keepDefault } from './configurer-steps.js';
import type { ConfigurerState } from './configurer-state.js';
import { ConfigurerSummary } from './ConfigurerSummary.js';
import { useConfigurerWorkflow } from './useConfigurerWorkflow.js';

/**
 * The configurer on a handheld: scan the location, scan the item, answer enforced, minimum and
 * maximum stock, and the default is saved; replacing another default of the item in that
 * warehouse asks first (the old location shown).
 */
export function ConfigurerScan() {
  const { t } = useTranslation(['setup', 'handheld']);
  const workflow = useConfigurerWorkflow();
  const { stepId, busy } = workflow;
  const send = (text: string) => () => void workflow.input(text);
  // A button sets its answer and confirms with Enter: never taken for a double read of the last tap.
  const answer = (change: (state: ConfigurerState) => ConfigurerState) => () => {
    workflow.update(change);
    void workflow.input('');
  };
  const at = (id: string) => stepId === id && !busy;
  return (
    <HandheldScreen
      testId="default-location-configurer"
      prompt={workflow.promptText}
      busy={busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && stepId !== 'save' && stepId !== 'load'}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      summary={<ConfigurerSummary state={workflow.state} stepId={stepId} />}
      actions={
        <>
          {at('replace') ? (
            <>
              <ActionButton label={t('setup:defaults.yes')} testId="configurer-yes" onClick={send('')} />
              <ActionButton label={t('setup:defaults.no')} testId="configurer-no" onClick={send(keepDefault)} />
            </>
          ) : null}
          {at('enforced') ? (
            <>
              <ActionButton
                label={t('setup:defaults.yes')}
                testId="configurer-yes"
                onClick={answer((state) => ({ ...state, enforced: true }))}
              />
              <ActionButton
                label={t('setup:defaults.no')}
                testId="configurer-no"
                onClick={answer((state) => ({ ...state, enforced: false }))}
              />
            </>
          ) : null}
          {at('minStock') || at('maxStock') ? (
            <>
              <ActionButton label={t('handheld:screen.ok')} testId="quantity-ok" onClick={send('')} />
              <ActionButton
                label={t('setup:defaults.clear')}
                testId="configurer-clear-level"
                onClick={answer((state) => ({ ...state, [stepId]: null }))}
              />
            </>
          ) : null}
          {at('save') && workflow.state.failed ? (
            <ActionButton label={t('handheld:screen.retry')} testId="handheld-retry" onClick={send('')} />
          ) : null}
        </>
      }
    />
  );
}
