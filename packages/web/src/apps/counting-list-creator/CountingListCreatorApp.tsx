import { useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, type CountingListPreviewAnswer, type CountingListSummary } from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { MessageAlert, type ScreenMessage } from '../../components/message-alert/MessageAlert.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { PdfPreviewModal } from '../../components/pdf-preview/PdfPreviewModal.js';
import { useSession } from '../../platform/session.js';
import { useDocumentsLive } from '../../platform/useDocumentsLive.js';
import { countingListCreatorApi, countingListQueries } from './counting-list-creator-api.js';
import { filterOf, initialCreatorForm, maxPerListOf } from './counting-list-form.js';
import { CountingListFilterForm } from './CountingListFilterForm.js';
import { CountingListTable, type ListAction } from './CountingListTable.js';
import { FlushDialog } from './FlushDialog.js';
import { VarianceModal } from './VarianceModal.js';

/** The live area of counting lists (the server's topics.documents('countingLists'); decision 0192). */
const countingListLiveArea = 'countingLists';
const liveKeys = [areaKey('countingLists')];

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * /counting_list_creator (PROCESSES.md 4.3; role countingListCreator; decision 0192): filter the
 * locations, preview how many, split them into lists of at most N in walk order with a counting
 * type, create; the lists' table (live) prints the PDF, cancels a CREATED list, shows the
 * variance report (READY, FLUSHED) with its XLSX, and lets a holder of countingListCreatorAuthFlush
 * flush with locations excluded. The server decides; its refusals are shown keyed.
 */
export function CountingListCreatorApp() {
  const { t } = useTranslation(['countingListCreator', 'apps']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { hasRole } = useSession();
  useDocumentsLive(countingListLiveArea, liveKeys);
  const [form, setForm] = useState(initialCreatorForm);
  const [preview, setPreview] = useState<CountingListPreviewAnswer | null>(null);
  const [message, setMessage] = useState<ScreenMessage>(null);
  const [busy, setBusy] = useState(false);
  const [pdf, setPdf] = useState<{ url: string; fileName: string } | null>(null);
  const [variance, setVariance] = useState<string | null>(null);
  const [flushing, setFlushing] = useState<{ list: string; key: string } | null>(null);
  const lists = useQuery(countingListQueries.lists());
  const canFlush = hasRole('countingListCreatorAuthFlush');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setMessage({ variant: 'danger', text: errorText(error) });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: areaKey('countingLists') });
    }
  };
  const onPreview = () =>
    void run(async () => {
      setMessage(null);
      setPreview(await countingListCreatorApi.preview(filterOf(form)));
    });
  const onCreate = () =>
    void run(async () => {
      setMessage(null);
      const created = await countingListCreatorApi.create({
        idempotencyKey: crypto.randomUUID(),
        filter: filterOf(form),
        maxLocationsPerList: maxPerListOf(form) ?? 1,
        countingType: form.countingType,
      });
      setPreview(null);
      const codes = created.lists.map((list) => list.code).join(', ');
      setMessage({ variant: 'success', text: t('created', { count: created.lists.length, lists: codes }) });
    });
  const onAction = (action: ListAction, list: CountingListSummary) => {
    if (action === 'variance') return setVariance(list.code);
    if (action === 'flush') return setFlushing({ list: list.code, key: crypto.randomUUID() });
    if (action === 'pdf') {
      return void run(async () => {
        const blob = await countingListCreatorApi.pdf(list.code);
        setPdf({ url: URL.createObjectURL(blob), fileName: `${list.code}.pdf` });
      });
    }
    return void run(async () => {
      await countingListCreatorApi.cancel(list.code);
      setMessage({ variant: 'info', text: t('cancelled', { list: list.code }) });
    });
  };
  const onFlush = (list: string, exclude: string[]) =>
    void run(async () => {
      const done = await countingListCreatorApi.flush({ idempotencyKey: flushing?.key ?? '', list, exclude });
      setFlushing(null);
      setMessage({
        variant: 'success',
        text: t('flushed', { list, count: done.postedLocations, excluded: done.excludedLocations.length }),
      });
    });

  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid="counting-list-creator">
      <h1 className="h4">{t('apps:countingListCreator')}</h1>
      <CountingListFilterForm form={form} onChange={setForm} onPreview={onPreview} onCreate={onCreate} busy={busy} />
      {preview ? (
        <Alert variant={preview.inOpenLists > 0 ? 'warning' : 'info'} className="py-2" data-testid="cl-preview-answer">
          {t(preview.truncated ? 'previewTruncated' : 'previewAnswer', { count: preview.locations })}
          {preview.inOpenLists > 0 ? ` ${t('inOpenLists', { count: preview.inOpenLists })}` : ''}
        </Alert>
      ) : null}
      <MessageAlert message={message} onClose={() => setMessage(null)} testId="cl-message" />
      {lists.isError ? <Alert variant="danger">{errorText(lists.error)}</Alert> : null}
      {lists.isSuccess && lists.data.lists.length === 0 ? (
        <p className="text-body-secondary" data-testid="cl-none">
          {t('none')}
        </p>
      ) : null}
      {lists.data && lists.data.lists.length > 0 ? (
        <CountingListTable lists={lists.data.lists} canFlush={canFlush} busy={busy} onAction={onAction} />
      ) : null}
      <PdfPreviewModal url={pdf?.url ?? null} onHide={() => setPdf(null)} fileName={pdf?.fileName} />
      <VarianceModal
        list={variance}
        onHide={() => setVariance(null)}
        onDownload={(list) => {
          void run(async () => download(await countingListCreatorApi.varianceXlsx(list), `${list}-variance.xlsx`));
        }}
      />
      <FlushDialog list={flushing?.list ?? null} busy={busy} onHide={() => setFlushing(null)} onFlush={onFlush} />
    </Container>
  );
}
