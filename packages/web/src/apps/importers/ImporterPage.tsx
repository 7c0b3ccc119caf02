import type { ImportKind } from '@wms/contract';
import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';

interface ImporterPageProps {
  /** The menu app (contract apps.ts importerApps): its name is the title. */
  appId: string;
  kind: ImportKind;
  children: ReactNode;
}

/** An importer app's page: its title, what the file holds, and the wizard (or tabs around it). */
export function ImporterPage({ appId, kind, children }: ImporterPageProps) {
  const { t } = useTranslation(['importers', 'apps']);
  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid={`importer-app-${appId}`}>
      <h1 className="h4">{t(`apps:${appId}`)}</h1>
      <p className="text-body-secondary" data-testid="importer-help">
        {t(`importers:help.${kind}`)}
      </p>
      {children}
    </Container>
  );
}
