import type { WallToWallRequestPreviewAnswer } from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { MessageAlert, type ScreenMessage } from '../../components/message-alert/MessageAlert.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { useSession } from '../../platform/session.js';
import { initialRequestForm, requestOf, type RequestForm } from './request-form.js';
import { RequestFilterForm } from './RequestFilterForm.js';
import { wallToWallRequestApi } from './wall-to-wall-request-api.js';

/**
 * /wall_to_wall/request (desktop; PROCESSES.md 4.2; decision 0189 "The desktop request"): select
 * locations by warehouse, code range, sortingCode, zone, an item held or the days since the last
 * count, preview how many, and flag them all YES or PARTIAL (with items) in one go. Needs
 * informationAuthSetCountingState (as the per-location setCountingState); the server decides and
 * its refusals are shown keyed.
 */
export function RequestScreen() {
  const { t } = useTranslation(['wallToWall', 'errors']);
  const errorText = useErrorText();
  const { hasRole } = useSession();
  const [form, setForm] = useState(initialRequestForm);
  const [preview, setPreview] = useState<WallToWallRequestPreviewAnswer | null>(null);
  const [message, setMessage] = useState<ScreenMessage>(null);
  const [busy, setBusy] = useState(false);
  // One key per request as sent: a retry after an unknown answer flags once; a changed form gets a new one.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const onChange = (next: RequestForm) => {
    setForm(next);
    setKey(crypto.randomUUID());
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      setMessage({ variant: 'danger', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  const onPreview = () =>
    void run(async () => setPreview(await wallToWallRequestApi.preview(requestOf(form, key).filter)));
  const onRequest = () =>
    void run(async () => {
      const done = await wallToWallRequestApi.request(requestOf(form, key));
      setKey(crypto.randomUUID());
      setPreview(null);
      setMessage({ variant: 'success', text: t('request.done', { ...done, count: done.updated }) });
    });

  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid="w2w-request">
      <h1 className="h4">{t('request.title')}</h1>
      {hasRole('informationAuthSetCountingState') ? null : (
        <Alert variant="warning" className="py-2" data-testid="w2wr-no-role">
          {t('request.noRole')}
        </Alert>
      )}
      <RequestFilterForm form={form} onChange={onChange} onPreview={onPreview} onRequest={onRequest} busy={busy} />
      {preview ? (
        <Alert
          variant={preview.count > preview.max ? 'warning' : 'info'}
          className="py-2"
          data-testid="w2wr-preview-answer"
        >
          <div>{t('request.previewAnswer', { count: preview.count })}</div>
          {preview.alreadyFlagged > 0 ? (
            <div>{t('request.alreadyFlagged', { count: preview.alreadyFlagged })}</div>
          ) : null}
          {preview.count > preview.max ? <div>{t('errors:tooManyLocationsSelected', { max: preview.max })}</div> : null}
          {preview.sample.length > 0 ? (
            <div className="small text-break" data-testid="w2wr-sample">
              {t('request.sample', { count: preview.sample.length, codes: preview.sample.join(', ') })}
            </div>
          ) : null}
        </Alert>
      ) : null}
      <MessageAlert message={message} onClose={() => setMessage(null)} testId="w2wr-message" />
    </Container>
  );
}
