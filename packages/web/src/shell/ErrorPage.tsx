import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { systemEndpoints } from '@wms/contract';
import { callApi } from '../platform/api-client.js';
import { appVersion } from '../platform/http.js';
import { bugReportText, errorChain } from '../platform/error-report.js';

type ReportState = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * 'An application error occured': the error and its causes one at a time (message, payload,
 * trace), Submit report (POST /api/v1/system/submitBugReport) and Restart (to /).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chain = useMemo(() => errorChain(error), [error]);
  const [index, setIndex] = useState(0);
  const [report, setReport] = useState<ReportState>('idle');
  const cause = chain[index] ?? { name: 'Error', message: String(error), payload: null, trace: null };

  const submit = () => {
    setReport('sending');
    const text = bugReportText(chain, {
      appVersion,
      url: window.location.href,
      userAgent: navigator.userAgent,
      time: new Date().toISOString(),
    });
    callApi(systemEndpoints.submitBugReport, { body: { report: text } }, { idempotencyKey: true, silent: true }).then(
      () => setReport('sent'),
      () => setReport('failed'),
    );
  };

  return (
    <main className="container py-3" style={{ maxWidth: '60rem' }} data-testid="error-page">
      <h1 className="h4 text-danger">{t('platform:applicationErrorOccured')}</h1>
      <Card className="my-3">
        <Card.Header className="d-flex flex-wrap align-items-center gap-2">
          <span className="flex-grow-1" data-testid="error-cause-position">
            {t('platform:causePosition', { index: index + 1, count: chain.length })}
          </span>
          <ButtonGroup size="sm">
            <Button variant="outline-secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>
              {t('platform:previousCause')}
            </Button>
            <Button
              variant="outline-secondary"
              disabled={index >= chain.length - 1}
              onClick={() => setIndex(index + 1)}
            >
              {t('platform:nextCause')}
            </Button>
          </ButtonGroup>
        </Card.Header>
        <Card.Body>
          <p className="fw-semibold text-break" data-testid="error-cause-message">
            {cause.name}: {cause.message}
          </p>
          {cause.payload && (
            <>
              <h2 className="h6">{t('platform:payload')}</h2>
              <pre className="small bg-body-tertiary p-2 rounded">{cause.payload}</pre>
            </>
          )}
          {cause.trace && (
            <>
              <h2 className="h6">{t('platform:trace')}</h2>
              <pre className="small bg-body-tertiary p-2 rounded" style={{ maxHeight: '40vh', overflow: 'auto' }}>
                {cause.trace}
              </pre>
            </>
          )}
        </Card.Body>
      </Card>
      {report === 'sent' && <Alert variant="success">{t('common:reportSubmitted')}</Alert>}
      {report === 'failed' && <Alert variant="danger">{t('platform:reportFailed')}</Alert>}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" onClick={submit} disabled={report === 'sending' || report === 'sent'}>
          {t('common:submitReport')}
        </Button>
        <Button variant="outline-primary" onClick={() => window.location.assign('/')}>
          {t('common:restart')}
        </Button>
      </div>
    </main>
  );
}
