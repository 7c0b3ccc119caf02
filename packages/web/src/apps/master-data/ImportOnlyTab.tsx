import { useQueryClient } from '@tanstack/react-query';
import type { ImportKind } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { ImportWizard } from '../../components/import-wizard/ImportWizard.js';
import { refreshMasterData } from './master-data-api.js';

/** A tab that only imports (default item locations, opening stock): what the file holds and the wizard. */
export function ImportOnlyTab({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation('masterData');
  const queryClient = useQueryClient();
  return (
    <section data-testid={`master-data-import-only-${kind}`}>
      <p className="text-body-secondary">{t(`importHelp.${kind}`)}</p>
      <ImportWizard kind={kind} onCommitted={() => void refreshMasterData(queryClient)} />
    </section>
  );
}
