import { useTranslation } from 'react-i18next';
import './import-wizard.css';

export const importSteps = ['upload', 'map', 'validate', 'report', 'commit'] as const;
export type ImportStep = (typeof importSteps)[number];

interface ImportStepperProps {
  step: ImportStep;
  /** Whether the user may go to a step by clicking it (the ones already reached). */
  canGoTo: (step: ImportStep) => boolean;
  onGoTo: (step: ImportStep) => void;
}

/** The wizard's steps in order, the current one marked; reached steps are buttons. */
export function ImportStepper({ step, canGoTo, onGoTo }: ImportStepperProps) {
  const { t } = useTranslation('importers');
  const current = importSteps.indexOf(step);
  return (
    <nav aria-label={t('steps.label')}>
      <ol className="import-stepper list-unstyled d-flex flex-wrap gap-1 gap-sm-2 mb-3" data-testid="import-stepper">
        {importSteps.map((candidate, index) => {
          const state = index === current ? 'current' : index < current ? 'done' : 'todo';
          const enabled = candidate !== step && canGoTo(candidate);
          return (
            <li key={candidate} className={`import-step import-step-${state}`} data-testid={`import-step-${candidate}`}>
              <button
                type="button"
                className="btn btn-sm btn-link text-decoration-none p-1 d-flex align-items-center gap-1"
                disabled={!enabled}
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => onGoTo(candidate)}
              >
                <span className="import-step-number" aria-hidden="true">
                  {state === 'done' ? <i className="bi bi-check-lg" /> : index + 1}
                </span>
                <span className="import-step-name">{t(`steps.${candidate}`)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
